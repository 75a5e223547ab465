import * as assert from 'node:assert/strict';

import { makeNonce, renderPanelHtml } from '../../src/panels/html';

describe('panel HTML', () => {
  const base = {
    cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
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
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    assert.ok(html.includes(`<script nonce="${nonce}" src="${base.scriptUri}">`));
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
