// The page's client: reads its definition, fetches its data (data/<page>/<key>.json, computed by the
// server or written by the build), draws pickers, tables and charts, and refreshes when asked to.
(() => {
  const def = JSON.parse(document.getElementById('page-def').textContent);
  const blocksEl = document.getElementById('blocks');
  const statusEl = document.getElementById('status');
  const pickersEl = document.getElementById('pickers');
  const footerEl = document.getElementById('footer');
  const charts = window.DugoutCharts;

  const query = new URLSearchParams(location.search);
  const params = {};
  for (const p of def.params) if (query.get(p)) params[p] = query.get(p);

  function dataKey(ps) {
    const keys = Object.keys(ps).sort();
    if (keys.length === 0) return 'default';
    return keys.map((k) => `${k.replaceAll('_', '~')}-${ps[k]}`).join('_');
  }

  function h(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined) continue;
      e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    }
    return e;
  }

  const GAME_TYPES = { R: 'Regular season', S: 'Spring training', E: 'Exhibition', A: 'All-Star Game', F: 'Wild card', D: 'Division series', L: 'League championship', W: 'World Series', P: 'Postseason' };

  const PICKER_LABELS = { game_type: 'Game type', team_id: 'Club', week: 'Week', as_of: 'As of' };

  function format(v, f) {
    if (v === null || v === undefined || v === '') return '';
    switch (f) {
      case 'rate':
        return Number(v).toFixed(3).replace(/^(-?)0\./, '$1.');
      case 'pct':
        return Number(v).toFixed(3).replace(/^(-?)0\./, '$1.');
      case 'fixed2':
        return Number(v).toFixed(2);
      case 'gb':
        return Number(v) === 0 ? '–' : Number(v).toFixed(1);
      case 'signed':
        return Number(v) > 0 ? `+${v}` : String(v);
      case 'money':
        return `${Number(v) < 0 ? '-' : ''}$${Math.abs(Math.round(Number(v))).toLocaleString('en-US')}`;
      case 'bool':
        return v === true ? 'yes' : v === false ? 'no' : '';
      case 'time':
        return String(v).replace('T', ' ').replace(/\.\d+Z$/, 'Z');
      default:
        return String(v);
    }
  }

  function table(block, result) {
    const rows = result.rows;
    if (rows.length === 0) return h('p', { class: 'empty' }, 'No rows.');
    const head = h('tr', {}, block.columns.map((c) => h('th', { scope: 'col', 'data-key': c.key }, c.label)));
    const body = rows.map((r) =>
      h(
        'tr',
        {},
        block.columns.map((c) => {
          const text = format(r[c.key], c.format);
          const cell =
            c.link && r[c.link] !== null && r[c.link] !== undefined
              ? h('a', { href: `player.html?person_id=${encodeURIComponent(r[c.link])}` }, text)
              : text;
          return h('td', { 'data-key': c.key, class: typeof r[c.key] === 'number' ? 'num' : undefined }, cell);
        }),
      ),
    );
    return h('div', { class: 'table-wrap' }, h('table', { 'data-query': block.query }, h('thead', {}, head), h('tbody', {}, body)));
  }

  function section(block, ...content) {
    return h(
      'section',
      { class: `block block-${block.type}`, 'data-query': block.query ?? block.type },
      block.title ? h('h2', {}, block.title) : null,
      ...content,
      block.credit ? h('p', { class: 'credit' }, block.credit) : null,
    );
  }

  function renderBlock(block, data) {
    if (block.type === 'manifest') {
      if (!data.warehouse) return null;
      const w = data.warehouse;
      return section(
        { ...block, title: 'Parquet export' },
        h(
          'dl',
          { class: 'kv' },
          ['takenAt', 'latestRunId', 'database', 'migrations'].flatMap((k) => [h('dt', {}, k), h('dd', {}, String(w[k] ?? ''))]),
        ),
        h('p', { class: 'note' }, 'Runs, backlog and live lag come from the PostgreSQL source: set DUGOUT_READER_URL.'),
      );
    }
    const result = data.results[block.query];
    if (!result) return null;
    if (result.unavailable) return section(block, h('p', { class: 'unavailable' }, `Not available here: ${result.unavailable}.`));
    const rows = result.rows;
    switch (block.type) {
      case 'table':
        if (rows.length === 0 && block.query === 'ids') return null;
        return section(block, table(block, result));
      case 'tables-by': {
        const groups = new Map();
        for (const r of rows) {
          const k = r[block.by] ?? '—';
          if (!groups.has(k)) groups.set(k, []);
          groups.get(k).push(r);
        }
        if (groups.size === 0) return section(block, h('p', { class: 'empty' }, 'No rows.'));
        return section(
          { ...block, title: null },
          [...groups].map(([k, rs]) =>
            h('div', { class: 'group', 'data-group': k }, h('h2', {}, k), table(block, { rows: rs })),
          ),
        );
      }
      case 'kpis': {
        const r = rows[0] ?? {};
        return section(
          block,
          h(
            'div',
            { class: 'kpis' },
            block.items.map((i) => h('div', { class: 'kpi', 'data-key': i.key }, h('span', { class: 'kpi-value' }, format(r[i.key]) || '—'), h('span', { class: 'kpi-label' }, i.label))),
          ),
        );
      }
      case 'person': {
        const p = rows[0];
        if (!p) return section(block, h('p', { class: 'empty' }, 'No such person in this warehouse.'));
        document.querySelector('h1').textContent = p.full_name;
        document.title = `${p.full_name} · dugout`;
        const facts = [
          ['Position', p.primary_position],
          ['Bats / throws', [p.bat_side, p.pitch_hand].filter(Boolean).join(' / ')],
          ['Born', [p.birth_date, p.birth_city, p.birth_country].filter(Boolean).join(', ')],
          ['Height / weight', [p.height, p.weight ? `${p.weight} lb` : null].filter(Boolean).join(', ')],
          ['MLB debut', p.mlb_debut_date],
          ['Number', p.primary_number],
          ['MLBAM id', String(p.person_id)],
        ].filter(([, v]) => v);
        return section(block, h('dl', { class: 'kv' }, facts.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])));
      }
      case 'scatter':
      case 'line':
      case 'zone': {
        if (rows.length === 0) return block.type === 'scatter' ? section(block, h('p', { class: 'empty' }, 'No rows.')) : null;
        const box = h('div', { class: 'chart-box' });
        charts[block.type](box, rows, block);
        return section(block, box);
      }
      default:
        return null;
    }
  }

  function renderPickers(data) {
    const opts = data.options ?? [];
    const pickers = def.params.filter((p) => p !== 'person_id');
    if (pickers.length === 0 || opts.length === 0) return;
    pickersEl.replaceChildren();
    pickersEl.hidden = false;
    const current = data.params;
    for (const p of pickers) {
      // A picker's choices: the values of the options rows that agree with the pickers before it.
      const before = pickers.slice(0, pickers.indexOf(p));
      const values = [...new Set(opts.filter((o) => before.every((b) => String(o[b]) === String(current[b]))).map((o) => o[p]))];
      const select = h(
        'select',
        { name: p, id: `picker-${p}` },
        values.map((v) => {
          // An options row may name a value for people (`<param>_label`: a club's name for its id).
          const labelled = opts.find((o) => String(o[p]) === String(v) && o[`${p}_label`] != null);
          const text = labelled ? String(labelled[`${p}_label`]) : p === 'game_type' ? `${GAME_TYPES[v] ?? v}` : String(v);
          return h('option', { value: v, selected: String(v) === String(current[p]) }, text);
        }),
      );
      select.addEventListener('change', () => {
        const next = { ...current, [p]: select.value };
        // A later picker keeps its value when the new choice offers it, else takes the first offered.
        for (const q of pickers.slice(pickers.indexOf(p) + 1)) {
          const ok = opts.filter((o) => pickers.slice(0, pickers.indexOf(q)).every((b) => String(o[b]) === String(next[b])));
          if (!ok.some((o) => String(o[q]) === String(next[q]))) next[q] = ok[0]?.[q];
        }
        const qs = new URLSearchParams();
        for (const k of def.params) if (next[k] !== undefined) qs.set(k, next[k]);
        location.search = qs.toString();
      });
      pickersEl.appendChild(h('label', { for: `picker-${p}` }, PICKER_LABELS[p] ?? p[0].toUpperCase() + p.slice(1)));
      pickersEl.appendChild(select);
    }
  }

  function render(data) {
    renderPickers(data);
    blocksEl.replaceChildren(...def.blocks.map((b) => renderBlock(b, data)).filter(Boolean));
    statusEl.textContent = '';
    statusEl.hidden = true;
    footerEl.textContent = `Source: ${data.source === 'postgres' ? 'PostgreSQL warehouse (read-only login)' : 'Parquet export'} · data of ${data.generatedAt.replace('T', ' ').slice(0, 19)} UTC · SQL ${data.sqlTotalMs} ms${data.refreshSeconds ? ` · refreshed every ${data.refreshSeconds} s` : ''}`;
  }

  let loads = 0;
  async function load() {
    const res = await fetch(`data/${def.id}/${dataKey(params)}.json`, { cache: 'no-store' });
    if (!res.ok) throw new Error(`${res.status} ${(await res.text()).trim()}`);
    const data = await res.json();
    render(data);
    loads++;
    window.__dashboards = { ready: true, loads, readyMs: performance.now(), sqlTotalMs: data.sqlTotalMs, params: data.params };
    document.body.dataset.ready = String(loads);
    if (data.refreshSeconds && document.body.dataset.mode === 'live') {
      setTimeout(() => load().catch(fail), data.refreshSeconds * 1000);
    }
  }

  function fail(err) {
    statusEl.hidden = false;
    statusEl.textContent = `Could not load this page's data: ${err.message}`;
    statusEl.className = 'error';
    document.body.dataset.failed = '1';
  }

  load().catch(fail);
})();
