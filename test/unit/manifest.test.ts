import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { COMMAND, CONTEXT } from '../../src/constants';
import { clausesOf, parseWhen, unknownContextKeys } from '../support/whenClauses';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.nls.json'), 'utf8')) as Record<
  string,
  string
>;
/** VS Code's own context keys that the manifest's when clauses read. */
const BUILT_IN_KEYS = [
  'view',
  'viewItem',
  'resourceScheme',
  'editorLangId',
  'workspaceFolderCount',
  'activeWebviewPanelId',
];
/** What a when clause may read: those, and the extension's own keys (set with setContext, checked below). */
const KNOWN_KEYS: ReadonlySet<string> = new Set([...BUILT_IN_KEYS, ...Object.values(CONTEXT)]);

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
}

/** A manifest string as VS Code shows it: `%key%` resolved through package.nls.json. */
const shown = (v: string | undefined) => v?.replace(/^%([^%]+)%$/, (_, key: string) => nls[key] ?? v);

describe('package.json', () => {
  // That each declared command has a handler (and each handler a declaration) is commandTable.test.ts's.
  it('gives every command the Timeslice category', () => {
    const declared = manifest.contributes.commands as Array<{ command: string; category?: string }>;
    for (const c of declared) {
      assert.equal(shown(c.category), 'Timeslice', c.command);
    }
  });

  it('activates only on restored panels and a folder with settings (views and commands are implicit since 1.74)', () => {
    assert.deepEqual([...(manifest.activationEvents as string[])].sort(), [
      'onWebviewPanel:timeslice.chart',
      'workspaceContains:.vscode/settings.json',
    ]);
  });

  it('targets VS Code 1.100 and declares untrusted-workspace support honestly', () => {
    assert.equal(manifest.engines.vscode, '^1.100.0');
    assert.equal(manifest.devDependencies['@types/vscode'], '~1.100.0');
    assert.ok(shown(manifest.capabilities.untrustedWorkspaces.description)!.length > 20);
  });

  it('in Restricted Mode ignores every workspace value of its settings (limited support, all of them restricted)', () => {
    const untrusted = manifest.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, 'limited');
    const props = manifest.contributes.configuration.properties as Record<string, { scope?: string }>;
    // A setting a workspace can set is one without application or machine scope.
    const workspaceScoped = Object.keys(props).filter(
      (k) => !['application', 'machine'].includes(props[k].scope ?? 'window'),
    );
    assert.ok(workspaceScoped.includes('timeslice.boundApplication'));
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), workspaceScoped.sort());
  });

  it('lets only user settings say where the key goes and which CA is trusted (not a workspace)', () => {
    const props = manifest.contributes.configuration.properties;
    assert.equal(props['timeslice.customBaseUrl'].scope, 'application');
    assert.equal(props['timeslice.caCertificatePath'].scope, 'application');
  });

  it("reads in its when clauses only VS Code's context keys it means and the keys the code sets", () => {
    assert.ok(clausesOf(manifest).length >= 40, 'the clauses were found');
    assert.deepEqual(unknownContextKeys(manifest, KNOWN_KEYS), []);
  });

  it('sets each of its own context keys with setContext somewhere in src/', () => {
    const source = sourceFiles(path.join(__dirname, '../../src'))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    for (const [name, key] of Object.entries(CONTEXT)) {
      const set = new RegExp(`'setContext',\\s*(CONTEXT\\.${name}\\b|'${key.replace('.', '\\.')}')`);
      assert.match(source, set, `${key} is read by when clauses but never set`);
    }
  });

  it('compares `view` only with a view it declares', () => {
    const views = new Set(
      Object.values(manifest.contributes.views as Record<string, Array<{ id: string }>>)
        .flat()
        .map((v) => v.id),
    );
    for (const { where, clause } of clausesOf(manifest)) {
      for (const c of parseWhen(clause).comparisons.filter((x) => x.key === 'view')) {
        assert.ok(views.has(c.value), `${where}: ${c.value}`);
      }
    }
  });
});

describe('the when-clause check itself', () => {
  const plant = (edit: (copy: typeof manifest) => void) => {
    const copy = structuredClone<typeof manifest>(manifest);
    edit(copy);
    return unknownContextKeys(copy, KNOWN_KEYS);
  };

  it('fails on an unknown key planted in a copy of the manifest, wherever it stands', () => {
    assert.deepEqual(
      plant((m) => {
        m.contributes.menus['view/title'][0].when += ' && timeslice.hasApiKy';
      }),
      ['package.json.contributes.menus.view/title[0].when: timeslice.hasApiKy'],
    );
    assert.deepEqual(
      plant((m) => {
        m.contributes.viewsWelcome[0].when = '!(timeslice.connected || !someOtherExtension.ready)';
      }),
      ['package.json.contributes.viewsWelcome[0].when: someOtherExtension.ready'],
    );
    assert.deepEqual(
      plant((m) => {
        m.contributes.menus.commandPalette[0].when = 'resourceFilename in timeslice.knownFiles';
      }),
      [
        'package.json.contributes.menus.commandPalette[0].when: resourceFilename',
        'package.json.contributes.menus.commandPalette[0].when: timeslice.knownFiles',
      ],
    );
    assert.deepEqual(
      plant((m) => {
        m.contributes.commands[0].enablement = 'editorTextFocus';
      }),
      ['package.json.contributes.commands[0].enablement: editorTextFocus'],
    );
    assert.deepEqual(
      plant((m) => {
        m.contributes.walkthroughs[0].steps[0].completionEvents = ['onContext:timeslice.conected'];
      }),
      ['package.json.contributes.walkthroughs[0].steps[0].completionEvents: timeslice.conected'],
    );
  });

  it("does not take a comparison's value for a key", () => {
    assert.deepEqual(
      parseWhen(
        'view == timeslice.applications && viewItem =~ /^(a|b)$/i && workspaceFolderCount > 0 && !editorReadonly',
      ).keys,
      ['view', 'viewItem', 'workspaceFolderCount', 'editorReadonly'],
    );
    assert.deepEqual(parseWhen("resourceScheme != 'timeslice-raw' || editorLangId === json").keys, [
      'resourceScheme',
      'editorLangId',
    ]);
    assert.deepEqual(parseWhen('a not in b').keys, ['a', 'b']);
    assert.deepEqual(parseWhen('false').keys, []);
  });

  it('throws on a clause it cannot read, so it never passes one unread', () => {
    assert.throws(() => parseWhen('view =~ timeslice'), /regex/);
    assert.throws(() => parseWhen('== view'), /needs a key/);
    assert.throws(() => parseWhen('view ~ x'), /cannot read/);
  });
});

describe('package.json: palette commands', () => {
  const palette = manifest.contributes.menus.commandPalette as Array<{ command: string; when?: string }>;

  it('shows the commands that need a connection only when connected', () => {
    for (const id of [
      COMMAND.queryMetric,
      COMMAND.showApplicationSummary,
      COMMAND.runApiRequest,
      COMMAND.runNrqlQuery,
    ]) {
      assert.equal(palette.find((m) => m.command === id)?.when, CONTEXT.connected, id);
    }
  });

  it('offers Copy as curl, with an icon, only on a raw response tab', () => {
    const command = (manifest.contributes.commands as Array<{ command: string; icon?: string }>).find(
      (c) => c.command === COMMAND.copyAsCurl,
    );
    assert.ok(command?.icon);
    assert.equal(palette.find((m) => m.command === COMMAND.copyAsCurl)?.when, 'resourceScheme == timeslice-raw');
    const title = manifest.contributes.menus['editor/title'] as Array<{ command: string; when?: string }>;
    assert.equal(title.find((m) => m.command === COMMAND.copyAsCurl)?.when, 'resourceScheme == timeslice-raw');
  });
});
