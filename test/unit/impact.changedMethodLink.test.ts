import * as assert from 'node:assert/strict';

import { changedMethodUri, checkChangedMethodLink } from '../../src/impact/changedMethodLink';
import { renderImpactPage } from '../../src/panels/impactHtml';

describe("a changed method's link on the What Moved page", () => {
  const good = { applicationId: 7, path: 'app/controllers/orders_controller.rb', line: 10 };

  it('takes a path inside the bound folder and a line', () => {
    assert.deepEqual(checkChangedMethodLink(good), { link: good });
    assert.deepEqual(checkChangedMethodLink({ ...good, path: 'a b/ünï.rb', line: 0 }), {
      link: { ...good, path: 'a b/ünï.rb', line: 0 },
    });
  });

  it('refuses anything else, whoever calls it', () => {
    const bad: unknown[] = [
      undefined,
      'app/x.rb',
      { ...good, applicationId: '7' },
      { ...good, applicationId: 0 },
      { ...good, line: -1 },
      { ...good, line: 1.5 },
      { ...good, line: 1e9 },
      { ...good, path: '' },
      { ...good, path: '/etc/passwd' },
      { ...good, path: '~/.ssh/id_rsa' },
      { ...good, path: 'C:/Windows/win.ini' },
      { ...good, path: '../outside.rb' },
      { ...good, path: 'app/../../outside.rb' },
      { ...good, path: 'app/./x.rb' },
      { ...good, path: 'app//x.rb' },
      { ...good, path: 'app\\..\\x.rb' },
      { ...good, path: 'app/x.rb\n' },
      { ...good, path: 'a'.repeat(1001) },
    ];
    for (const args of bad) {
      assert.ok('refused' in checkChangedMethodLink(args), JSON.stringify(args));
    }
  });

  it('is a command link whose arguments come back as they went', () => {
    const uri = changedMethodUri('timeslice.openChangedMethod', { ...good, path: 'a"<b>&?.rb' });
    const [command, query] = uri.slice('command:'.length).split('?');
    assert.equal(command, 'timeslice.openChangedMethod');
    assert.deepEqual(JSON.parse(decodeURIComponent(query)), [{ ...good, path: 'a"<b>&?.rb' }]);
  });

  it('is the only link of the page, and its text stays text', () => {
    const html = renderImpactPage(
      { cspSource: 'vscode-webview://x', styleUri: 'vscode-webview://x/impact.css' },
      {
        kind: 'view',
        model: {
          title: 't',
          heading: 'h',
          facts: [],
          rows: [
            {
              name: 'Controller/orders/show',
              status: 'worse',
              statusLabel: 'Worse',
              before: 'b',
              after: 'a',
              changes: [],
              evidence: [],
              code: [
                { text: 'Changed <b>show</b> at app/x.rb:11', link: { applicationId: 7, path: 'app/x.rb', line: 10 } },
                { text: 'Removed old at app/y.rb:3' },
              ],
            },
          ],
          code: { notes: [], elsewhere: [] },
        },
      },
    );
    const links = [...html.matchAll(/<a [^>]*>[^<]*<\/a>/g)].map((m) => m[0]);
    assert.equal(links.length, 1, html);
    assert.match(links[0], /^<a href="command:timeslice\.openChangedMethod\?[^"<>]+">Changed &lt;b&gt;show/);
    assert.ok(html.includes('<li>Removed old at app/y.rb:3</li>'));
    assert.ok(!html.includes('<script'));
  });
});
