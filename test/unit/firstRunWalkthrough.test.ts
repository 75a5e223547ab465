import * as assert from 'node:assert/strict';

import type { TabView, WalkthroughWorkbench } from '../../src/firstRunWalkthrough';
import {
  FirstRunWalkthrough,
  WALKTHROUGH_SETTLE_TIMEOUT_MS,
  WALKTHROUGH_STEP_FOCUS_MS,
} from '../../src/firstRunWalkthrough';
import { FakeClock } from '../support/fakeClock';

/** A workbench whose tabs a test sets; `open` records the request and leaves the answer to the test. */
class FakeWorkbench implements WalkthroughWorkbench {
  readonly title = 'Timeslice';
  tabList: TabView[] = [];
  opened = 0;
  private listeners: Array<() => void> = [];
  tabs(): readonly TabView[] {
    return this.tabList;
  }
  onDidChangeTabs(listener: () => void) {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  }
  open(): Thenable<unknown> {
    this.opened++;
    return Promise.resolve();
  }
  setTabs(tabs: TabView[]): void {
    this.tabList = tabs;
    for (const l of [...this.listeners]) {
      l();
    }
  }
}

const tab = (label: string, unknownKind: boolean, active: boolean): TabView => ({
  identity: {},
  label,
  unknownKind,
  active,
});

function setUp(shownBefore = false) {
  const workbench = new FakeWorkbench();
  const clock = new FakeClock();
  const flag = {
    value: shownBefore,
    get: () => flag.value,
    set: () => {
      flag.value = true;
      return Promise.resolve();
    },
  };
  const walkthrough = new FirstRunWalkthrough(workbench, flag, clock);
  return { workbench, clock, flag, walkthrough };
}

async function isSettled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) {
    await Promise.resolve();
  }
  return done;
}

describe('the first-run walkthrough', () => {
  it('opens on the first start and holds commands until it has rendered and focused its step', async () => {
    const { workbench, clock, flag, walkthrough } = setUp();
    walkthrough.start();
    assert.equal(workbench.opened, 1);
    assert.equal(await isSettled(walkthrough.whenSettled()), false, 'a command waits while it opens');
    // The tab appears before it renders ("Welcome"): it reached the user, but it still takes the focus.
    workbench.setTabs([tab('Welcome', true, true)]);
    assert.equal(await isSettled(walkthrough.whenSettled()), false);
    workbench.setTabs([tab('Walkthrough: Timeslice', true, true)]);
    clock.advance(WALKTHROUGH_STEP_FOCUS_MS - 1);
    assert.equal(
      await isSettled(walkthrough.whenSettled()),
      false,
      'VS Code focuses its step a moment after it renders',
    );
    clock.advance(1);
    assert.equal(await isSettled(walkthrough.whenSettled()), true);
    assert.equal(flag.value, true, 'shown once it appeared');
  });

  it('titled just before the wait would end, it still holds commands until its step has had the focus', async () => {
    const { workbench, clock, walkthrough } = setUp();
    walkthrough.start();
    clock.advance(WALKTHROUGH_SETTLE_TIMEOUT_MS - 1);
    workbench.setTabs([tab('Walkthrough: Timeslice', true, true)]);
    clock.advance(WALKTHROUGH_STEP_FOCUS_MS - 1);
    assert.equal(await isSettled(walkthrough.whenSettled()), false, 'its step is focused after the title came');
    clock.advance(1);
    assert.equal(await isSettled(walkthrough.whenSettled()), true);
  });

  it('opened behind the editor the user reads, it holds nothing (no focus to take)', async () => {
    const { workbench, flag, walkthrough } = setUp();
    const file = tab('app.ts', false, true);
    workbench.tabList = [file];
    walkthrough.start();
    workbench.setTabs([file, tab('Welcome', true, false)]);
    assert.equal(await isSettled(walkthrough.whenSettled()), true);
    assert.equal(flag.value, true);
  });

  it("waits while a Welcome page or VS Code's own walkthrough is what the user sees, and opens after they move on", async () => {
    const { workbench, flag, walkthrough } = setUp();
    const theirs = tab('Walkthrough: Setup VS Code', true, true);
    workbench.tabList = [theirs];
    walkthrough.start();
    assert.equal(workbench.opened, 0, 'VS Code would ignore the request (or replace what they read)');
    assert.equal(await isSettled(walkthrough.whenSettled()), true, 'commands do not wait for it meanwhile');
    assert.equal(flag.value, false, 'not shown: tried again at the next start');
    workbench.setTabs([]); // they closed it
    assert.equal(workbench.opened, 1);
    workbench.setTabs([tab('Walkthrough: Timeslice', true, true)]);
    assert.equal(flag.value, true);
  });

  it('a request VS Code ignored counts as not shown, and a command waits for it only a short while', async () => {
    const { workbench, clock, flag, walkthrough } = setUp();
    walkthrough.start();
    clock.advance(WALKTHROUGH_SETTLE_TIMEOUT_MS);
    assert.equal(await isSettled(walkthrough.whenSettled()), true);
    assert.equal(flag.value, false);
    workbench.setTabs([tab('notes.md', false, true)]);
    assert.equal(workbench.opened, 2, 'tried again when the tabs changed');
  });

  it('does nothing once it reached the user', async () => {
    const { workbench, walkthrough } = setUp(true);
    walkthrough.start();
    workbench.setTabs([]);
    assert.equal(workbench.opened, 0);
    assert.equal(await isSettled(walkthrough.whenSettled()), true);
  });
});
