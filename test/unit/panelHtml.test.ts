import * as assert from 'node:assert/strict';

import { makeNonce, renderPanelHtml } from '../../src/panels/html';

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
});
