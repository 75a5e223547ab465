/**
 * Which change made it move (src/impact/deploymentCode.ts): moved transactions joined with the methods the
 * deployment's range changed, the commits per file, and the files changed elsewhere; and the view and page
 * that show them.
 */
import * as assert from 'node:assert/strict';

import type { ChangedMethods, MethodChange } from '../../src/impact/changedMethods';
import type { RangeCommit } from '../../src/impact/deploymentCode';
import { joinDeploymentCode } from '../../src/impact/deploymentCode';
import type { DiffFile } from '../../src/impact/diffHunks';
import type { DeploymentImpact } from '../../src/impact/impactLoader';
import { impactViewModel } from '../../src/impact/impactView';
import { renderImpactPage } from '../../src/panels/impactHtml';

const CONTROLLER = 'app/controllers/orders_controller.rb';
const SHOW = 'Controller/orders/show';
const INDEX = 'Controller/orders/index';

function change(path: string, name: string, line: number, endLine: number): MethodChange {
  return {
    kind: 'changed',
    path,
    method: { kind: 'method', name, container: ['OrdersController'], line, endLine },
    hunks: [],
  };
}

const styles: DiffFile = {
  oldPath: 'app/assets/site.css',
  newPath: 'app/assets/site.css',
  status: 'modified',
  binary: false,
  hunks: [],
};
const changes: ChangedMethods = {
  methods: [change(CONTROLLER, 'show', 10, 20), change('app/models/coupon.rb', 'apply', 3, 9)],
  elsewhere: [styles],
};
const commits: Record<string, RangeCommit[]> = {
  [CONTROLLER]: [{ sha: '545143b', subject: 'Orders: show <b>the</b> line items' }],
  'app/models/coupon.rb': [{ sha: '1a2b3c4', subject: 'Coupons: round down' }],
};

const join = () =>
  joinDeploymentCode({
    moved: [
      { name: SHOW, status: 'worse' },
      { name: INDEX, status: 'better' },
    ],
    changes,
    served: [
      { name: SHOW, side: 'new', path: CONTROLLER, line: 10 },
      // index runs through the controller too, in a method the range did not change.
      { name: INDEX, side: 'new', path: CONTROLLER, line: 2 },
    ],
    commitsOf: (path) => commits[path] ?? [],
  });

describe('impact: which change made it move', () => {
  it('names the changed method of a moved transaction with the commits that touched its file', () => {
    const show = join().moved[0];
    assert.equal(show.name, SHOW);
    assert.deepEqual(
      show.methods.map((m) => [m.change.method.name, m.change.path, m.commits.map((c) => c.sha)]),
      [['show', CONTROLLER, ['545143b']]],
    );
  });

  it('says nothing changed for a moved transaction whose method is outside every change', () => {
    assert.deepEqual(join().moved[1].methods, []);
  });

  it('lists apart the changed files no moved transaction runs through', () => {
    assert.deepEqual(
      join().elsewhere.map((f) => [f.path, f.commits.map((c) => c.sha)]),
      [
        ['app/models/coupon.rb', ['1a2b3c4']],
        ['app/assets/site.css', []],
      ],
    );
  });

  it('shows the code per row and the elsewhere files, escaped, with the resolver sentence when there is no range', () => {
    const row = (name: string, status: 'worse' | 'better') => ({
      name,
      kind: 'web' as const,
      status,
      before: { callCount: 600, averageMs: 80, callsPerMinute: 10, errorCount: 0 },
      after: { callCount: 600, averageMs: 200, callsPerMinute: 10, errorCount: 0 },
      time: { before: 800, after: 2000, change: 1200, relative: 1.5 },
      average: { before: 80, after: 200, change: 120, relative: 1.5 },
      errorRate: { before: 0, after: 0, change: 0 },
      signals: [],
    });
    const window = { from: 0, to: 60_000 };
    const impact = {
      kind: 'impact',
      application: { id: 1, name: 'storefront-web', language: 'ruby' },
      deployment: { id: 2, revision: '545143b', time: 1_000_000 },
      previous: { id: 1, revision: '999a733', time: 0 },
      windows: { minutes: 1, before: window, after: window },
      rows: [row(SHOW, 'worse'), row(INDEX, 'better')],
      verdict: { verdict: 'worse', coverage: 1, restsOn: [], message: 'm' },
    } as unknown as DeploymentImpact;
    const model = impactViewModel(impact, { kind: 'code', from: '999a733aaaa', to: '545143bbbbb', code: join() });
    assert.match(
      model.rows[0].code!.map((c) => c.text).join('\n'),
      /OrdersController#show at app\/controllers\/orders_controller\.rb:11/,
    );
    assert.match(model.rows[0].code!.map((c) => c.text).join('\n'), /545143b Orders: show <b>the<\/b> line items/);
    // The method links to its line at the newer side (one-based 11 above).
    assert.deepEqual(model.rows[0].code![0].link, {
      applicationId: 1,
      path: 'app/controllers/orders_controller.rb',
      line: 10,
    });
    assert.deepEqual(model.rows[1].code, [{ text: 'Its code did not change in this range.' }]);
    assert.deepEqual(model.code!.elsewhere, [
      'app/models/coupon.rb (1a2b3c4 Coupons: round down)',
      'app/assets/site.css',
    ]);
    const page = renderImpactPage({ cspSource: 'vscode-resource:', styleUri: 's.css' }, { kind: 'view', model });
    assert.ok(page.includes('show &lt;b&gt;the&lt;/b&gt; line items'));
    assert.ok(!page.includes('<b>the</b>'));
    assert.ok(page.includes('Changed elsewhere'));

    const none = impactViewModel(impact, {
      kind: 'none',
      messages: ['v3.2.0 is not a commit or tag of this repository'],
    });
    assert.deepEqual(none.code, { notes: ['v3.2.0 is not a commit or tag of this repository'], elsewhere: [] });
    assert.equal(none.rows[0].code, undefined);
    // A revision that did not resolve: the page points at the title bar's Pick the Two Commits….
    const pickable = impactViewModel(impact, { kind: 'none', messages: ['v3.2.0 …'], pick: { from: [], to: [] } });
    assert.match(pickable.code!.notes.join(' '), /use Pick the Two Commits… in the title bar/);
    const picked = impactViewModel(impact, {
      kind: 'code',
      from: '999a733aaaa',
      to: '545143bbbbb',
      code: join(),
      picked: true,
    });
    assert.match(
      picked.code!.notes[0],
      /from 999a733 to 545143b, the two commits picked; the numbers are the deployment's/,
    );
    assert.match(model.rows[0].code!.map((c) => c.text).join('\n'), /\(commits of its file\)$/);
    assert.ok(
      renderImpactPage({ cspSource: 'x', styleUri: 's.css' }, { kind: 'view', model: none }).includes(
        'v3.2.0 is not a commit',
      ),
    );
  });
});
