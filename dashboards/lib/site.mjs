// The site's files: an HTML shell per page (the same markup, the page's id and definition inlined),
// the client script and style sheet from public/. No file of the site names another host.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));

export const ASSETS = {
  'app.js': 'text/javascript; charset=utf-8',
  'charts.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

export function asset(name) {
  return readFileSync(PUBLIC_DIR + name);
}

const escape = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The pages in menu order (the player page is reached from names, not the menu). */
export function menu(pages) {
  return [...pages.values()].filter((p) => p.id !== 'player').sort((a, b) => (a.order ?? 99) - (b.order ?? 99));
}

export function pageHtml(pages, page, { mode }) {
  const def = {
    id: page.id,
    title: page.title,
    description: page.description ?? '',
    params: page.params,
    blocks: page.blocks,
    refreshSeconds: page.refreshSeconds ?? null,
  };
  const nav = menu(pages)
    .map((p) => `<a href="${p.id}.html"${p.id === page.id ? ' aria-current="page"' : ''}>${escape(p.title)}</a>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.title)} · dugout</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/app.css">
</head>
<body data-page="${escape(page.id)}" data-mode="${mode}">
<header><a class="brand" href="index.html">dugout</a><nav>${nav}</nav></header>
<main>
<h1>${escape(page.title)}</h1>
<p class="description">${escape(page.description ?? '')}</p>
<form id="pickers" hidden></form>
<div id="status" role="status">Loading…</div>
<div id="blocks"></div>
</main>
<footer id="footer"></footer>
<script type="application/json" id="page-def">${JSON.stringify(def).replaceAll('<', '\\u003c')}</script>
<script src="assets/charts.js"></script>
<script src="assets/app.js"></script>
</body>
</html>
`;
}

export function indexHtml(pages, { mode, source }) {
  const items = menu(pages)
    .map(
      (p) =>
        `<li><a href="${p.id}.html">${escape(p.title)}</a><p>${escape(p.description ?? '')}</p></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>dugout dashboards</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/app.css">
</head>
<body data-page="index" data-mode="${mode}">
<header><a class="brand" href="index.html">dugout</a><nav>${menu(pages)
    .map((p) => `<a href="${p.id}.html">${escape(p.title)}</a>`)
    .join('')}</nav></header>
<main>
<h1>dugout dashboards</h1>
<p class="description">Source: ${escape(source)}</p>
<ul class="pages">
${items}
</ul>
</main>
</body>
</html>
`;
}
