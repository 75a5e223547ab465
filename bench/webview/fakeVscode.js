// Dev only: stands in for the VS Code webview host in bench/render.js and bench/screenshots.js.
// Loaded (with the page's nonce) before dist/webview/panel.js. Query parameters of this script's
// URL: theme=dark|light|hc, decimation=off, demo=<panel kind> (answers the panel like a host would).
(() => {
  const params = new URL(document.currentScript.src).searchParams;
  window.__posted = [];
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(
      `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
    );
  });
  if (params.get('decimation') === 'off') {
    window.__timesliceDecimation = false;
  }

  let applied = [];
  // As VS Code does: variables on <html> through the CSSOM, the theme kind as the body's class.
  window.__devSetTheme = (name) => {
    const theme = window.__devThemes[name];
    const root = document.documentElement;
    for (const key of applied) root.style.removeProperty(key);
    for (const [key, value] of Object.entries(theme.vars)) root.style.setProperty(key, value);
    applied = Object.keys(theme.vars);
    // This script runs in the head (VS Code's own come before the page's first script): the body may not exist yet.
    const onBody = () => {
      document.body.className = theme.bodyClass;
      document.body.dataset.vscodeThemeKind = theme.bodyClass;
    };
    if (document.body) onBody();
    else document.addEventListener('DOMContentLoaded', onBody, { once: true });
  };
  window.__devSetTheme(params.get('theme') || 'dark');

  /** What the extension would send, delivered the way VS Code delivers it: a window message. */
  window.__devPost = (message) => window.postMessage(message, '*');

  let state;
  const demo = params.get('demo');
  window.acquireVsCodeApi = () => ({
    postMessage(message) {
      const copy = JSON.parse(JSON.stringify(message));
      window.__posted.push(copy);
      // The bench's host (a Playwright binding), told at once, as the extension host is.
      if (window.__benchHost) {
        if (copy.type === 'ready') performance.mark('bench:ready');
        window.__benchHost(copy);
      }
      if (demo) setTimeout(() => answer(copy), 0);
    },
    getState: () => state,
    setState(next) {
      state = JSON.parse(JSON.stringify(next));
      window.__savedState = state;
    },
  });

  // ---- demo host: answers like the extension, from bench/webview/sampleData.js -------------
  let demoState;
  function answer(message) {
    const sample = window.__devSample;
    switch (message.type) {
      case 'ready':
        demoState = demoState || sample.initFor(demo, Date.now()).state;
        window.__devPost({ type: 'init', state: demoState, timeZone: params.get('tz') === 'utc' ? 'utc' : 'local' });
        window.__devPost(sample.dataFor(demoState, Date.now()));
        break;
      case 'changeRange':
      case 'changeExplorer':
      case 'retry':
        if (message.range) demoState = { ...demoState, range: message.range };
        if (message.explorer) demoState = { ...demoState, explorer: message.explorer };
        window.__devPost({ type: 'loading' });
        setTimeout(() => window.__devPost(sample.dataFor(demoState, Date.now())), 300);
        break;
      case 'setView':
        demoState = { ...demoState, view: message.view };
        break;
      case 'searchMetricNames':
        window.__devPost({ type: 'metricNames', query: message.query, names: sample.searchNames(message.query) });
        break;
      case 'export':
        window.__devPost({
          type: 'exported',
          format: message.format,
          path: `/home/dev/timeslice-export.${message.format}`,
        });
        break;
    }
  }
})();
