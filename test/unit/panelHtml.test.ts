import * as assert from 'node:assert/strict';

import { isInlineSafe, makeNonce, renderPanelHtml } from '../../src/panels/html';

describe('panel HTML', () => {
  const base = {
    cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
    bootUri: 'https://x/dist/webview/panelBoot.js',
    scriptUri: 'https://x/dist/webview/panel.js',
    styleUri: 'https://x/media/panel.css',
  };

  it('has a strict CSP with a fresh nonce on the only script', () => {
    const nonce = makeNonce();
    const html = renderPanelHtml({ ...base, nonce, title: 'Dashboard' });
    const csp = /content="([^"]*)"/.exec(html)![1];
    assert.equal(
      csp,
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${base.cspSource}; img-src ${base.cspSource} data:; font-src ${base.cspSource}`,
    );
    assert.ok(!html.includes('unsafe-inline'));
    // The boot script first, before the stylesheet (it says 'ready' while the rest loads), both under the nonce.
    assert.deepEqual(
      [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]),
      [`<script nonce="${nonce}" src="${base.bootUri}">`, `<script nonce="${nonce}" src="${base.scriptUri}">`],
    );
    assert.ok(html.indexOf(base.bootUri) < html.indexOf('<link rel="stylesheet"'));
    assert.notEqual(makeNonce(), nonce);
    assert.ok(nonce.length >= 16);
  });

  it('escapes the title and never carries data', () => {
    const html = renderPanelHtml({ ...base, nonce: makeNonce(), title: '<img src=x onerror=alert(1)> & "q"' });
    assert.ok(html.includes('<title>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;</title>'));
    assert.ok(!html.includes('<img'));
  });

  it('refuses a weak nonce', () => {
    assert.throws(() => renderPanelHtml({ ...base, nonce: 'abc', title: 't' }), /nonce/);
  });

  describe('with its files written into it', () => {
    const inline = {
      boot: 'boot();',
      script: 'bundle();',
      style: 'body { margin: 0 }',
      componentsUri: 'https://x/dist/webview/panelComponents.js',
    };

    it('fetches nothing: both scripts and the stylesheet under the nonce, named by their files', () => {
      const nonce = makeNonce();
      const html = renderPanelHtml({ ...base, nonce, title: 'Dashboard', inline });
      assert.deepEqual(
        [...html.matchAll(/<(script|style|link)[^>]*>/g)].map((m) => m[0]),
        [
          `<script nonce="${nonce}">`,
          `<style nonce="${nonce}">`,
          `<script nonce="${nonce}" data-components="${inline.componentsUri}">`,
        ],
      );
      assert.ok(html.includes(`boot();\n//# sourceURL=${base.bootUri}\n</script>`));
      assert.ok(html.includes(`bundle();\n//# sourceURL=${base.scriptUri}\n</script>`));
      assert.ok(html.indexOf('boot();') < html.indexOf('body { margin'), 'the first script before the stylesheet');
      const csp = /content="([^"]*)"/.exec(html)![1];
      assert.ok(csp.includes(`; style-src ${base.cspSource} 'nonce-${nonce}';`), csp);
      assert.ok(!csp.includes('unsafe-inline'));
    });

    it('the bundle may stay a file', () => {
      const nonce = makeNonce();
      const html = renderPanelHtml({ ...base, nonce, title: 't', inline: { ...inline, script: undefined } });
      assert.ok(html.includes(`<script nonce="${nonce}" src="${base.scriptUri}"></script>`));
      assert.ok(!html.includes('data-components'));
    });

    it('refuses text that would end or change its element', () => {
      for (const text of ['a</script>b', 'a</SCRIPT b', '<!--', 'x<script>', 'p { } </style><img>']) {
        assert.equal(isInlineSafe(text), false, text);
        const bad = [{ boot: text }, { script: text }, { style: text }];
        for (const part of bad) {
          assert.throws(() =>
            renderPanelHtml({ ...base, nonce: makeNonce(), title: 't', inline: { ...inline, ...part } }),
          );
        }
      }
      assert.equal(isInlineSafe('a < b && c > d; "</scrip"'), true);
    });
  });
});
