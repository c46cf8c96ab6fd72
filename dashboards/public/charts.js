// dugout's charts: small SVG drawings of the few charts the pages need (a scatter with labels, a
// line over dates, a strike-zone plot). Written for this site; no library, nothing fetched.
(() => {
  const NS = 'http://www.w3.org/2000/svg';
  const W = 640;
  const H = 360;
  const M = { top: 16, right: 20, bottom: 44, left: 56 };

  function el(name, attrs = {}, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (parent) parent.appendChild(e);
    return e;
  }

  function text(parent, x, y, s, attrs = {}) {
    const t = el('text', { x, y, ...attrs }, parent);
    t.textContent = s;
    return t;
  }

  /** About five round tick values covering [lo, hi]. */
  function ticks(lo, hi, n = 5) {
    if (lo === hi) return [lo];
    const span = hi - lo;
    const step0 = span / n;
    const mag = 10 ** Math.floor(Math.log10(step0));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= step0) ?? mag * 10;
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toFixed(10)));
    return out;
  }

  function frame(container, { xDomain, yDomain, xLabel, yLabel, xFormat = String, yFormat = String, width = W, height = H, title }) {
    const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'chart' });
    if (title) el('title', {}, svg).textContent = title;
    const iw = width - M.left - M.right;
    const ih = height - M.top - M.bottom;
    const sx = (v) => M.left + ((v - xDomain[0]) / (xDomain[1] - xDomain[0] || 1)) * iw;
    const sy = (v) => M.top + ih - ((v - yDomain[0]) / (yDomain[1] - yDomain[0] || 1)) * ih;
    const axes = el('g', { class: 'axes' }, svg);
    for (const t of ticks(xDomain[0], xDomain[1])) {
      el('line', { x1: sx(t), x2: sx(t), y1: M.top, y2: M.top + ih, class: 'grid' }, axes);
      text(axes, sx(t), M.top + ih + 16, xFormat(t), { 'text-anchor': 'middle' });
    }
    for (const t of ticks(yDomain[0], yDomain[1])) {
      el('line', { x1: M.left, x2: M.left + iw, y1: sy(t), y2: sy(t), class: 'grid' }, axes);
      text(axes, M.left - 6, sy(t) + 4, yFormat(t), { 'text-anchor': 'end' });
    }
    if (xLabel) text(axes, M.left + iw / 2, height - 6, xLabel, { 'text-anchor': 'middle', class: 'axis-label' });
    if (yLabel) {
      text(axes, 14, M.top + ih / 2, yLabel, {
        'text-anchor': 'middle',
        class: 'axis-label',
        transform: `rotate(-90 14 ${M.top + ih / 2})`,
      });
    }
    container.appendChild(svg);
    return { svg, sx, sy };
  }

  function extent(values, pad = 0.05) {
    let lo = Math.min(...values);
    let hi = Math.max(...values);
    if (!Number.isFinite(lo)) return [0, 1];
    if (lo === hi) {
      lo -= 1;
      hi += 1;
    }
    const p = (hi - lo) * pad;
    return [lo - p, hi + p];
  }

  /** Points with a label each (e.g. clubs: run differential against winning percentage). */
  function scatter(container, rows, o) {
    const pts = rows.filter((r) => r[o.x] !== null && r[o.y] !== null).map((r) => ({ x: Number(r[o.x]), y: Number(r[o.y]), label: r[o.label] }));
    const { svg, sx, sy } = frame(container, {
      xDomain: extent(pts.map((p) => p.x)),
      yDomain: extent(pts.map((p) => p.y)),
      xLabel: o.xLabel,
      yLabel: o.yLabel,
      yFormat: (v) => (Math.abs(v) < 1 ? v.toFixed(3).replace(/^(-?)0\./, '$1.') : String(v)),
      title: o.title,
    });
    const g = el('g', { class: 'points' }, svg);
    for (const p of pts) {
      el('circle', { cx: sx(p.x), cy: sy(p.y), r: 4, class: 'point' }, g);
      if (p.label) text(g, sx(p.x) + 6, sy(p.y) - 5, p.label, { class: 'point-label' });
    }
  }

  /** A line over dates (ISO yyyy-mm-dd), one point per row in order. */
  function line(container, rows, o) {
    const pts = rows.filter((r) => r[o.y] !== null).map((r, i) => ({ i, x: r[o.x], y: Number(r[o.y]) }));
    const { svg, sx, sy } = frame(container, {
      xDomain: [0, Math.max(1, pts.length - 1)],
      yDomain: extent([0, ...pts.map((p) => p.y)], 0.05),
      xLabel: pts.length ? `${pts[0].x} … ${pts[pts.length - 1].x} (games)` : 'games',
      yLabel: o.yLabel,
      xFormat: (v) => (Number.isInteger(v) ? String(v + 1) : ''),
      yFormat: (v) => v.toFixed(3).replace(/^(-?)0\./, '$1.'),
      title: o.title,
    });
    el('polyline', { points: pts.map((p) => `${sx(p.i)},${sy(p.y)}`).join(' '), class: 'line' }, svg);
    for (const p of pts) el('circle', { cx: sx(p.i), cy: sy(p.y), r: 2.5, class: 'line-point' }, svg).appendChild(document.createElementNS(NS, 'title')).textContent = `${p.x}: ${p.y}`;
  }

  /** Called pitches where they crossed the plate (feet; catcher's view), with the rule-book zone. */
  function zone(container, rows, o) {
    const { svg, sx, sy } = frame(container, {
      xDomain: [-2, 2],
      yDomain: [0, 5],
      xLabel: 'plate_x, feet from the middle of the plate',
      yLabel: 'plate_z, feet',
      width: 420,
      height: 460,
      title: o.title,
    });
    // The plate is 17 inches wide; a pitch touching its edge is a strike (a ball's radius out).
    el('rect', { x: sx(-0.83), y: sy(3.5), width: sx(0.83) - sx(-0.83), height: sy(1.5) - sy(3.5), class: 'zone' }, svg);
    const g = el('g', { class: 'pitches' }, svg);
    for (const r of rows) {
      el('circle', { cx: sx(Number(r.plate_x)), cy: sy(Number(r.plate_z)), r: 3, class: r.call_code === 'C' ? 'called-strike' : 'ball' }, g);
    }
    const legend = el('g', { class: 'legend' }, svg);
    el('circle', { cx: 70, cy: 24, r: 4, class: 'called-strike' }, legend);
    text(legend, 80, 28, `called strike (${rows.filter((r) => r.call_code === 'C').length})`);
    el('circle', { cx: 230, cy: 24, r: 4, class: 'ball' }, legend);
    text(legend, 240, 28, `ball (${rows.filter((r) => r.call_code !== 'C').length})`);
  }

  window.DugoutCharts = { scatter, line, zone };
})();
