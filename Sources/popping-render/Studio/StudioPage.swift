/// The studio's one page: its markup, style and script, served from the binary, so the page needs
/// no network and no files besides what the server answers. Data reaches the page as JSON and is
/// put in as text only (never as markup), and the page's policy allows only its own script.
enum StudioPage {
    static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>popping-render studio</title>
    <link rel="stylesheet" href="/studio.css">
    <script src="/studio.js" defer></script>
    </head>
    <body>
    <header>
      <strong>popping-render studio</strong>
      <label>Scene <select id="scene"></select></label>
      <label>Device <select id="device"></select></label>
      <label>Scale <select id="scale"><option value="1">1x</option><option value="2">2x</option><option value="3">3x</option></select></label>
      <span id="variants"></span>
      <span class="export">Export
        <button data-format="gif">GIF</button><button data-format="apng">APNG</button><button data-format="webp">WebP</button><button data-format="frames">Frames</button>
      </span>
    </header>
    <section id="check" hidden><strong>Goldens</strong> <span id="check-summary"></span></section>
    <section id="problems" hidden>
      <ul id="problem-list"></ul>
      <pre id="source" hidden></pre>
    </section>
    <main>
      <div id="stage">
        <canvas id="frame" width="1" height="1"></canvas>
        <div id="outline" hidden></div>
      </div>
      <figure id="golden-view" hidden>
        <canvas id="golden" width="1" height="1"></canvas><figcaption>golden</figcaption>
        <canvas id="diff" width="1" height="1"></canvas><figcaption>differing pixels</figcaption>
      </figure>
      <aside id="inspector">
        <h2>Inspector</h2>
        <p id="hint">Hover the frame to see a view; click to pin it.</p>
        <dl id="view-info" hidden>
          <dt>id</dt><dd id="view-id"></dd>
          <dt>kind</dt><dd id="view-kind"></dd>
          <dt>frame</dt><dd id="view-frame"></dd>
          <dt>alpha</dt><dd id="view-alpha"></dd>
          <dt>constraints</dt><dd id="view-constraints"></dd>
        </dl>
      </aside>
    </main>
    <footer>
      <div id="controls">
        <button id="play" title="Play or pause (space)">Play</button>
        <button id="back" title="Previous frame (left arrow)">&#9664;</button>
        <button id="forward" title="Next frame (right arrow)">&#9654;</button>
        <label>Speed <select id="speed"><option value="0.25">0.25&times;</option><option value="0.5">0.5&times;</option><option value="1" selected>1&times;</option><option value="2">2&times;</option></select></label>
        <label><input type="checkbox" id="loop" checked> Loop</label>
        <span id="time">0.00 s</span>
        <span id="frame-number">frame 0</span>
        <span id="status" role="status"></span>
      </div>
      <input type="range" id="scrubber" min="0" max="0" value="0" aria-label="Time">
      <div id="timeline"><div id="playhead"></div></div>
    </footer>
    </body>
    </html>
    """#

    static let css = #"""
    :root { color-scheme: light dark; --line: #8884; --accent: #0a84ff; }
    [hidden] { display: none !important; }
    body { margin: 0; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; display: flex; flex-direction: column; min-height: 100vh; }
    header, footer { padding: 8px 12px; border-bottom: 1px solid var(--line); }
    header { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
    footer { border-top: 1px solid var(--line); border-bottom: 0; }
    button { font: inherit; padding: 2px 8px; }
    .export button { margin-left: 4px; }
    #variants { display: inline-flex; gap: 12px; }
    /* The status line (rendering progress, what an export wrote) takes the rest of the controls'
       row and cuts what does not fit, so what it says never moves the controls. */
    #status { color: #888; flex: 1 1 0; text-align: right; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    /* A select is as wide as its longest option (accessibilityExtraExtraExtraLarge): capped, so the
       header keeps one line on a 1280 px window; the chosen value is cut, the open list is whole. */
    header select { max-width: 8em; }
    #problems { background: #ff3b3018; border-bottom: 1px solid #ff3b30; padding: 6px 12px; }
    #problem-list { list-style: none; margin: 0; padding: 0; }
    #problem-list button { all: unset; cursor: pointer; font-family: ui-monospace, Menlo, monospace; color: #d70015; }
    #problem-list button:hover { text-decoration: underline; }
    #source { margin: 6px 0 0; padding: 6px; background: #8881; overflow: auto; max-height: 12em; }
    #source .here { background: #ff3b3040; display: inline-block; min-width: 100%; }
    main { flex: 1; display: flex; gap: 16px; padding: 12px; align-items: flex-start; }
    #stage { position: relative; line-height: 0; box-shadow: 0 0 0 1px var(--line); }
    #frame { display: block; }
    #outline { position: absolute; outline: 2px solid var(--accent); background: #0a84ff22; pointer-events: none; }
    #outline.pinned { outline-style: dashed; }
    #inspector { min-width: 240px; }
    #inspector h2 { font-size: 13px; margin: 0 0 6px; }
    #view-info { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; }
    #view-info dt { color: #888; }
    #view-info dd { margin: 0; font-family: ui-monospace, Menlo, monospace; white-space: pre-wrap; }
    #controls { display: flex; gap: 10px; align-items: center; }
    #time, #frame-number { font-variant-numeric: tabular-nums; }
    #scrubber { width: 100%; margin: 6px 0; }
    #timeline { position: relative; font-size: 11px; }
    #timeline .row { position: relative; height: 18px; margin: 2px 0; }
    #timeline .bar { position: absolute; top: 0; height: 16px; border-radius: 3px; overflow: hidden; white-space: nowrap;
      text-overflow: ellipsis; padding: 0 3px; box-sizing: border-box; cursor: pointer; min-width: 3px; }
    #timeline .step { background: #8883; }
    #timeline .wait { background: transparent; color: #888; border: 1px dashed var(--line); }
    #timeline .animation { background: #0a84ff55; }
    #check { padding: 6px 12px; border-bottom: 1px solid var(--line); }
    #check.failed { background: #ff3b3018; }
    #golden-view { margin: 0; line-height: 0; }
    #golden-view figcaption { line-height: 1.4; margin: 2px 0 8px; color: #888; }
    #timeline .differs { background: #ff3b30aa; color: white; }
    #playhead { position: absolute; top: 0; bottom: 0; width: 1px; background: #ff3b30; pointer-events: none; z-index: 1; }
    """#

    static let script = #"""
    'use strict';
    const $ = id => document.getElementById(id);
    const studio = window.studio = { state: null, frame: 0, time: 0, playing: false, painted: null, hovered: null, pinned: null };
    const canvas = $('frame'), context = canvas.getContext('2d');
    let renderID = null, images = new Map(), trees = new Map(), timelineKey = '', focusTimer = null;

    function wantedFromHash() {
      const m = /(?:^#|&)(t|frame)=([0-9]+(?:\.[0-9]+)?)/.exec(location.hash);
      if (!m) return null;
      return m[1] === 't' ? Math.round(parseFloat(m[2]) * 60) : parseInt(m[2], 10);
    }
    studio.frame = wantedFromHash() || 0;

    function post(path) { return fetch(path, { method: 'POST' }).then(r => r.json().catch(() => ({}))); }
    function frameCount() { const r = studio.state && studio.state.render; return r ? r.frameCount : 1; }
    function available(n) { const r = studio.state.render; return r && (n < r.ready || n === r.first); }
    function text(element, value) { element.textContent = value; return element; }
    function make(tag, cls, value) { const e = document.createElement(tag); if (cls) e.className = cls; if (value !== undefined) e.textContent = value; return e; }
    function number(v) { return String(Math.round(v * 1000) / 1000); }

    function image(n) {
      let img = images.get(n);
      if (!img) {
        const r = studio.state.render;
        img = new Image();
        img.src = r.preview && n === r.first ? 'data:image/png;base64,' + r.preview : `/frame?render=${encodeURIComponent(renderID)}&n=${n}`;
        images.set(n, img);
      }
      return img;
    }

    function draw() {
      const n = studio.frame, id = renderID;
      if (!id || !available(n)) return;
      const img = image(n);
      const paint = () => {
        if (id !== renderID || n !== studio.frame) return;
        context.drawImage(img, 0, 0, canvas.width, canvas.height);
        requestAnimationFrame(() => { studio.painted = { render: id, frame: n, at: Date.now() }; });
        showInspected();
        showGolden(n);
      };
      if (img.complete && img.naturalWidth) paint(); else img.addEventListener('load', paint, { once: true });
    }

    function setFrame(n, byUser) {
      n = Math.max(0, Math.min(frameCount() - 1, n | 0));
      if (byUser) studio.time = n / 60;
      studio.frame = n;
      text($('time'), (n / 60).toFixed(2) + ' s');
      text($('frame-number'), `frame ${n} / ${frameCount() - 1}`);
      $('scrubber').value = n;
      $('playhead').style.left = (100 * (n + 0.5) / frameCount()) + '%';
      if (!studio.playing) {
        history.replaceState(null, '', '#t=' + number(n / 60));
        clearTimeout(focusTimer);
        focusTimer = setTimeout(() => post(`/focus?frame=${studio.frame}`), 100);
      }
      draw();
    }

    function play(on) {
      studio.playing = on;
      text($('play'), on ? 'Pause' : 'Play');
      if (on && studio.frame >= frameCount() - 1) studio.time = 0;
      if (!on) setFrame(studio.frame, true);
    }

    let last = null;
    function tick(now) {
      if (studio.playing) {
        if (last !== null) studio.time += (now - last) / 1000 * parseFloat($('speed').value);
        let n = Math.floor(studio.time * 60);
        if (n >= frameCount()) {
          if ($('loop').checked) { studio.time = 0; n = 0; } else { n = frameCount() - 1; play(false); }
        }
        if (n !== studio.frame) setFrame(n, false);
      }
      last = studio.playing ? now : null;
      requestAnimationFrame(tick);
    }

    function fillSelect(select, values, labels, chosen) {
      const key = JSON.stringify(values);
      if (select.dataset.key !== key) {
        select.replaceChildren(...values.map((v, i) => { const o = make('option', null, labels[i]); o.value = v; return o; }));
        select.dataset.key = key;
      }
      select.value = String(chosen);
    }

    function showProblems(problems) {
      $('problems').hidden = problems.length === 0;
      if (problems.length === 0) { $('source').hidden = true; }
      const list = $('problem-list');
      list.replaceChildren(...problems.map(p => {
        const item = make('li'), button = make('button', null, p.text);
        if (p.file) button.addEventListener('click', () => showSource(p));
        item.append(button);
        return item;
      }));
    }

    function showSource(p) {
      fetch('/files/' + p.file.split('/').map(encodeURIComponent).join('/')).then(r => r.ok ? r.text() : Promise.reject(r.status)).then(body => {
        const lines = body.split('\n'), from = Math.max(0, p.line - 4), to = Math.min(lines.length, p.line + 3);
        const pre = $('source');
        pre.replaceChildren(...lines.slice(from, to).map((l, i) => {
          const span = make('span', from + i + 1 === p.line ? 'here' : null, String(from + i + 1).padStart(4) + '  ' + l + '\n');
          return span;
        }));
        pre.hidden = false;
      }, () => { text($('source'), 'cannot show ' + p.file); $('source').hidden = false; });
    }

    function showTimeline(r) {
      const key = r.id + (r.timeline ? ':t' : '') + (r.check && r.check.summary ? ':c' : '');
      if (key === timelineKey) return;
      timelineKey = key;
      const box = $('timeline'), count = r.frameCount;
      box.replaceChildren($('playhead'));
      if (!r.timeline) return;
      const bar = (item, cls, label) => {
        const e = make('div', 'bar ' + cls, label);
        e.title = `${label}: frames ${item.start}–${item.end}`;
        e.style.left = (100 * item.start / count) + '%';
        e.style.width = (100 * (item.end - item.start + 1) / count) + '%';
        e.addEventListener('click', () => { play(false); setFrame(item.start, true); });
        return e;
      };
      const steps = make('div', 'row');
      steps.dataset.kind = 'script';
      r.timeline.steps.forEach(s => steps.append(bar(s, s.label.startsWith('wait') ? 'wait' : 'step', s.label)));
      box.append(steps);
      const rows = new Map();
      if (r.check && r.check.differing && r.check.differing.length) {
        const row = make('div', 'row');
        row.dataset.kind = 'golden';
        let start = null;
        r.check.differing.forEach((f, i, all) => {
          if (start === null) start = f;
          if (all[i + 1] !== f + 1) { row.append(bar({ start, end: f }, 'differs', 'differs from golden')); start = null; }
        });
        box.append(row);
      }
      r.timeline.animations.forEach(a => {
        if (!rows.has(a.name)) { const row = make('div', 'row'); row.dataset.kind = 'animation'; rows.set(a.name, row); box.append(row); }
        rows.get(a.name).append(bar(a, 'animation', a.name));
      });
    }

    function apply(state) {
      studio.state = state;
      const o = state.options;
      fillSelect($('scene'), state.scenes.map((_, i) => i), state.scenes, o.scene);
      $('scene').parentElement.hidden = state.scenes.length < 2;
      fillSelect($('device'), [''].concat(state.devices), ['default'].concat(state.devices), o.device);
      $('scale').value = String(o.scale);
      const variants = $('variants');
      if (variants.dataset.key !== JSON.stringify(state.variants)) {
        variants.dataset.key = JSON.stringify(state.variants);
        variants.replaceChildren(...state.variants.map(v => {
          const label = make('label', null, v.title + ' '), select = make('select');
          select.id = 'variant-' + v.name;
          select.dataset.variant = v.name;
          select.addEventListener('change', () => post(`/options?${encodeURIComponent(v.name)}=${encodeURIComponent(select.value)}`));
          label.append(select);
          return label;
        }));
      }
      state.variants.forEach(v => fillSelect($('variant-' + v.name), [''].concat(v.values), ['default'].concat(v.values), o.variants[v.name] || ''));
      showProblems(state.problems);
      const r = state.render;
      if (r) {
        if (r.id !== renderID) {
          renderID = r.id; images = new Map(); trees = new Map();
          const w = Math.round(r.width * r.scale), h = Math.round(r.height * r.scale);
          if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
          canvas.style.width = r.width + 'px'; canvas.style.height = r.height + 'px';
          $('scrubber').max = r.frameCount - 1;
        }
        showTimeline(r);
        $('check').hidden = r.check === null;
        if (r.check !== null) {
          text($('check-summary'), typeof r.check === 'string' ? 'checking…' : r.check.summary);
          $('check').classList.toggle('failed', typeof r.check !== 'string' && !r.check.passed);
        }
        setFrame(studio.frame, !studio.playing);
      }
      const status = state.busy ? (r ? `rendering… ${r.ready}/${r.frameCount} frames` : 'rendering…') : (r ? `${r.frameCount} frames, ${(r.frameCount / 60).toFixed(2)} s` : '');
      if (!$('status').dataset.sticky) text($('status'), status);
    }

    // With --check: the golden of a differing frame beside it, and the pixels that differ in red.
    function showGolden(n) {
      const r = studio.state.render, view = $('golden-view');
      const kept = r && r.check && r.check.goldens && r.check.goldens.includes(n);
      view.hidden = !kept;
      if (!kept) return;
      const img = new Image(), id = renderID;
      img.addEventListener('load', () => {
        if (id !== renderID || n !== studio.frame) return;
        const golden = $('golden'), diff = $('diff');
        for (const c of [golden, diff]) {
          c.width = canvas.width; c.height = canvas.height;
          c.style.width = canvas.style.width; c.style.height = canvas.style.height;
        }
        const g = golden.getContext('2d');
        g.drawImage(img, 0, 0);
        const a = g.getImageData(0, 0, golden.width, golden.height), b = context.getImageData(0, 0, canvas.width, canvas.height);
        const out = diff.getContext('2d').createImageData(diff.width, diff.height);
        let count = 0;
        for (let i = 0; i < a.data.length; i += 4) {
          const differs = a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2] || a.data[i + 3] !== b.data[i + 3];
          const grey = (b.data[i] + b.data[i + 1] + b.data[i + 2]) / 6 + 128;
          out.data.set(differs ? [255, 0, 0, 255] : [grey, grey, grey, 255], i);
          if (differs) count++;
        }
        diff.getContext('2d').putImageData(out, 0, 0);
        studio.goldenDiff = { frame: n, pixels: count };
      });
      img.src = `/golden?render=${encodeURIComponent(id)}&n=${n}`;
    }

    // The inspector: the view under the pointer in the tree `inspect --json` gives for this frame.
    function tree(n) {
      const key = renderID + ':' + n;
      if (!trees.has(key)) {
        // The trees come after the first frames: a miss is not kept, so the next paint asks again
        // and a pointer held still is answered once they arrive.
        const forget = () => { trees.delete(key); return null; };
        trees.set(key, fetch(`/tree?render=${encodeURIComponent(renderID)}&n=${n}`).then(r => r.ok ? r.json() : forget(), forget));
      }
      return trees.get(key);
    }
    function inside(v, x, y) { const f = v.frame; return x >= f[0] && y >= f[1] && x < f[0] + f[2] && y < f[1] + f[3]; }
    function hit(view, x, y) {
      if (view.hidden || view.alpha === 0) return null;
      for (let i = view.subviews.length - 1; i >= 0; i--) { const h = hit(view.subviews[i], x, y); if (h) return h; }
      return inside(view, x, y) ? view : null;
    }
    function find(view, id) {
      if (view.id === id) return view;
      for (const s of view.subviews) { const f = find(s, id); if (f) return f; }
      return null;
    }
    function showInspected() {
      const want = studio.pinned || studio.hovered;
      if (!want || !renderID) return;
      const n = studio.frame;
      tree(n).then(root => {
        if (!root || n !== studio.frame) return;
        const view = want.id !== undefined ? find(root, want.id) : hit(root, want.x, want.y);
        const outline = $('outline');
        if (!view || view === root && !studio.pinned) { outline.hidden = true; return; }
        const f = view.frame;
        Object.assign(outline.style, { left: f[0] + 'px', top: f[1] + 'px', width: f[2] + 'px', height: f[3] + 'px' });
        outline.hidden = false;
        outline.classList.toggle('pinned', !!studio.pinned);
        $('hint').hidden = true; $('view-info').hidden = false;
        text($('view-id'), view.id || '(no id)');
        text($('view-kind'), view.kind);
        text($('view-frame'), '[' + f.map(number).join(', ') + ']');
        text($('view-alpha'), number(view.alpha));
        text($('view-constraints'), (view.constraints || []).join('\n') || 'none');
        studio.inspected = view.id;
      });
    }
    function pointer(e) {
      const r = canvas.getBoundingClientRect(), s = studio.state.render;
      return { x: (e.clientX - r.left) * s.width / r.width, y: (e.clientY - r.top) * s.height / r.height };
    }
    canvas.addEventListener('mousemove', e => { if (studio.state && studio.state.render) { studio.hovered = pointer(e); showInspected(); } });
    canvas.addEventListener('mouseleave', () => { studio.hovered = null; if (!studio.pinned) $('outline').hidden = true; });
    canvas.addEventListener('click', () => {
      studio.pinned = studio.pinned ? null : (studio.inspected !== undefined ? { id: studio.inspected } : null);
      showInspected();
    });

    $('play').addEventListener('click', () => play(!studio.playing));
    $('back').addEventListener('click', () => { play(false); setFrame(studio.frame - 1, true); });
    $('forward').addEventListener('click', () => { play(false); setFrame(studio.frame + 1, true); });
    $('scrubber').addEventListener('input', e => { play(false); setFrame(parseInt(e.target.value, 10), true); });
    $('scene').addEventListener('change', e => post('/options?scene=' + e.target.value));
    $('device').addEventListener('change', e => post('/options?device=' + encodeURIComponent(e.target.value)));
    $('scale').addEventListener('change', e => post('/options?scale=' + e.target.value));
    document.querySelectorAll('.export button').forEach(b => b.addEventListener('click', () => {
      const status = $('status');
      status.dataset.sticky = '1';
      text(status, `writing ${b.textContent}…`);
      post('/export?format=' + b.dataset.format).then(r => { status.title = text(status, r.path ? 'wrote ' + r.path : 'export failed: ' + r.error).textContent; });
    }));
    document.addEventListener('keydown', e => {
      if (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
      const step = e.shiftKey ? 10 : 1;
      if (e.key === 'ArrowLeft') { play(false); setFrame(studio.frame - step, true); e.preventDefault(); }
      else if (e.key === 'ArrowRight') { play(false); setFrame(studio.frame + step, true); e.preventDefault(); }
      else if (e.key === ' ') { play(!studio.playing); e.preventDefault(); }
    });
    window.addEventListener('hashchange', () => { const n = wantedFromHash(); if (n !== null) { play(false); setFrame(n, true); } });

    const events = new EventSource('/events');
    events.onmessage = e => apply(JSON.parse(e.data));
    requestAnimationFrame(tick);
    """#
}
