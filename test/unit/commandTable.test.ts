/**
 * The command table against package.json, both ways: every declared command has a handler, every
 * registered handler is declared (or listed in INTERNAL_COMMANDS), and every menu entry, keybinding
 * and `command:` link names a declared command. The ids come from what `registerCommands` really
 * registers, with a stand-in for the `vscode` module.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Services } from '../../src/services';
import { installFakeVscode } from '../support/fakeVscode';

const ROOT = path.join(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;

const declared: string[] = (manifest.contributes.commands as Array<{ command: string }>).map((c) => c.command);

/** Registers the handlers with a stand-in `vscode` and answers the ids they were registered under. */
function registeredIds(): { ids: string[]; internal: readonly string[] } {
  let fake: ReturnType<typeof installFakeVscode> | undefined;
  try {
    fake = installFakeVscode();
    const before = fake.registered.length;
    const { registerCommands } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('../../src/commands/registerCommands') as typeof import('../../src/commands/registerCommands');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { INTERNAL_COMMANDS } = require('../../src/constants') as typeof import('../../src/constants');
    // The factories only close over the services: registering touches none of them.
    const disposables = registerCommands({} as Services);
    const ids = fake.registered.slice(before);
    assert.equal(disposables.length, ids.length);
    return { ids, internal: INTERNAL_COMMANDS };
  } finally {
    fake?.uninstall();
  }
}

/** Every command id a menu entry, keybinding or welcome/walkthrough link refers to, with where. */
function referencedCommands(): Array<{ id: string; where: string }> {
  const refs: Array<{ id: string; where: string }> = [];
  const menus = manifest.contributes.menus as Record<string, Array<{ command?: string; submenu?: string }>>;
  for (const [menu, entries] of Object.entries(menus)) {
    for (const entry of entries) {
      if (entry.command) {
        refs.push({ id: entry.command, where: `menus.${menu}` });
      }
    }
  }
  for (const binding of (manifest.contributes.keybindings ?? []) as Array<{ command: string }>) {
    refs.push({ id: binding.command.replace(/^-/, ''), where: 'keybindings' });
  }
  // Links in the welcome view and the walkthrough (their text may sit in package.nls.json).
  const shownText = JSON.stringify([manifest.contributes.viewsWelcome, manifest.contributes.walkthroughs]).replace(
    /%([^%"]+)%/g,
    (whole, key: string) => nls[key] ?? whole,
  );
  for (const m of shownText.matchAll(/command:(timeslice\.[\w.]+)/g)) {
    refs.push({ id: m[1], where: 'a command: link' });
  }
  return refs;
}

describe('command table ↔ package.json', () => {
  let registered: { ids: string[]; internal: readonly string[] };

  before(function () {
    this.timeout(20_000);
    registered = registeredIds();
  });

  it('registers each command once', () => {
    assert.equal(new Set(registered.ids).size, registered.ids.length);
    assert.ok(registered.ids.length > 10, registered.ids.join(', '));
  });

  it('has a handler for every command package.json declares', () => {
    const missing = declared.filter((id) => !registered.ids.includes(id));
    assert.deepEqual(missing, [], `declared without a handler: ${missing.join(', ')}`);
  });

  it('declares every registered handler, except the ones listed as internal', () => {
    const undeclared = registered.ids.filter((id) => !declared.includes(id) && !registered.internal.includes(id));
    assert.deepEqual(undeclared, [], `registered but not in contributes.commands: ${undeclared.join(', ')}`);
  });

  it('lists as internal only commands that are registered and not declared', () => {
    for (const id of registered.internal) {
      assert.ok(registered.ids.includes(id), `${id} is listed as internal but has no handler`);
      assert.ok(!declared.includes(id), `${id} is listed as internal but package.json declares it`);
    }
  });

  it('refers, in menus, keybindings and command links, only to declared commands', () => {
    const refs = referencedCommands();
    assert.ok(refs.length > 10);
    // VS Code adds `<view id>.focus` for each contributed view.
    const views = Object.values(manifest.contributes.views as Record<string, Array<{ id: string }>>).flat();
    const known = [...declared, ...views.map((v) => `${v.id}.focus`)];
    const unknown = refs.filter((r) => !known.includes(r.id));
    assert.deepEqual(unknown, [], `unknown commands: ${unknown.map((r) => `${r.id} (${r.where})`).join(', ')}`);
  });
});
