/**
 * Start Demo asks which API the demo speaks, with an in-memory `vscode`: only when it is run with no
 * argument and the user never set `timeslice.demo.backend` (read with `inspect()`, so a value equal to
 * the default still counts as set); Escape starts nothing; an argument or the setting never asks.
 */
import assert from 'node:assert/strict';

import type { BackendSetting } from '../../src/api/backendChoice';
import type { Services } from '../../src/services';
import type { FakeVscodeControl } from '../support/fakeVscode';
import { installFakeVscode } from '../support/fakeVscode';

interface Item {
  label: string;
  description?: string;
  backend?: string;
}

describe('Start Demo: which backend', () => {
  let vscode: FakeVscodeControl & { uninstall(): void };
  let modules: {
    startDemo: typeof import('../../src/commands/viewCommands').startDemo;
    Config: typeof import('../../src/config').Config;
  };
  let config: import('../../src/config').Config;
  let started: Array<BackendSetting | undefined>;
  let run: (arg?: unknown) => Promise<void>;

  before(() => {
    vscode = installFakeVscode();
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the fake is installed */
    modules = {
      startDemo: (require('../../src/commands/viewCommands') as typeof import('../../src/commands/viewCommands'))
        .startDemo,
      Config: (require('../../src/config') as typeof import('../../src/config')).Config,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });

  after(() => vscode.uninstall());

  beforeEach(() => {
    vscode.settings.clear();
    vscode.quickPicks.length = 0;
    vscode.answerQuickPicks(() => undefined);
    config = new modules.Config();
    started = [];
    const demo = {
      active: false,
      start: (backend?: BackendSetting) => {
        started.push(backend);
        return Promise.resolve();
      },
    };
    run = modules.startDemo({ config, demo } as unknown as Services);
  });

  afterEach(() => config.dispose());

  it('asks REST API v2 or NerdGraph (with what each is) when run with no argument and no setting, and starts the one picked', async () => {
    vscode.answerQuickPicks((items) => (items as Item[]).find((i) => i.label.startsWith('NerdGraph')));
    await run();
    assert.equal(vscode.quickPicks.length, 1);
    const items = vscode.quickPicks[0].items as Item[];
    assert.deepEqual(
      items.map((i) => i.label),
      ['REST API v2', 'NerdGraph (successor API)'],
    );
    assert.ok(
      items.every((i) => (i.description ?? '').length > 10),
      'each choice says what it is',
    );
    assert.deepEqual(started, ['nerdGraph']);
    // A first start's walkthrough takes the focus once its page is built: the question must outlast that.
    assert.equal((vscode.quickPicks[0].options as { ignoreFocusOut?: boolean }).ignoreFocusOut, true);
    assert.ok(
      vscode.executed.some((c) => c[0] === 'timeslice.applications.focus'),
      'the view is shown',
    );
  });

  it('starts nothing and says nothing when the question is dismissed (Escape)', async () => {
    await run();
    assert.equal(vscode.quickPicks.length, 1);
    assert.deepEqual(started, []);
  });

  it('does not ask when given a backend (tests, keybindings)', async () => {
    await run('restV2');
    await run('nerdGraph');
    assert.equal(vscode.quickPicks.length, 0);
    assert.deepEqual(started, ['restV2', 'nerdGraph']);
  });

  it('does not ask when the user set timeslice.demo.backend, even to its default: the setting decides', async () => {
    vscode.setSetting('timeslice.demo.backend', 'auto');
    assert.equal(config.demoBackendIsSet, true);
    await run();
    assert.equal(vscode.quickPicks.length, 0);
    assert.deepEqual(started, [undefined]);
    vscode.setSetting('timeslice.demo.backend', undefined);
    assert.equal(config.demoBackendIsSet, false);
  });
});
