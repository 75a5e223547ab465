import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { COMMAND, CONTEXT } from '../../src/constants';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.nls.json'), 'utf8')) as Record<string, string>;
/** A manifest string as VS Code shows it: `%key%` resolved through package.nls.json. */
const shown = (v: string | undefined) => v?.replace(/^%([^%]+)%$/, (_, key: string) => nls[key] ?? v);

describe('package.json', () => {
  // That each declared command has a handler (and each handler a declaration) is commandTable.test.ts's.
  it('gives every command the Timeslice category', () => {
    const declared = (manifest.contributes.commands as Array<{ command: string; category?: string }>);
    for (const c of declared) {
      assert.equal(shown(c.category), 'Timeslice', c.command);
    }
  });

  it('activates only on restored panels and a folder with settings (views and commands are implicit since 1.74)', () => {
    assert.deepEqual([...(manifest.activationEvents as string[])].sort(), ['onWebviewPanel:timeslice.chart', 'workspaceContains:.vscode/settings.json']);
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
    const workspaceScoped = Object.keys(props).filter((k) => !['application', 'machine'].includes(props[k].scope ?? 'window'));
    assert.ok(workspaceScoped.includes('timeslice.boundApplication'));
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), workspaceScoped.sort());
  });

  it('lets only user settings say where the key goes and which CA is trusted (not a workspace)', () => {
    const props = manifest.contributes.configuration.properties;
    assert.equal(props['timeslice.customBaseUrl'].scope, 'application');
    assert.equal(props['timeslice.caCertificatePath'].scope, 'application');
  });

  it('uses only context keys the code sets in when clauses', () => {
    const text = JSON.stringify(manifest.contributes);
    const used = new Set(text.match(/timeslice\.(hasApiKey|demoActive|filterActive|workspaceBound|connected|applicationsVisible)/g));
    for (const key of used) {
      assert.ok((Object.values(CONTEXT) as string[]).includes(key), key);
    }
  });
});

describe('package.json: palette commands', () => {
  const palette = manifest.contributes.menus.commandPalette as Array<{ command: string; when?: string }>;

  it('shows the commands that need a connection only when connected', () => {
    for (const id of [COMMAND.queryMetric, COMMAND.showApplicationSummary, COMMAND.runApiRequest, COMMAND.runNrqlQuery]) {
      assert.equal(palette.find((m) => m.command === id)?.when, CONTEXT.connected, id);
    }
  });

  it('offers Copy as curl, with an icon, only on a raw response tab', () => {
    const command = (manifest.contributes.commands as Array<{ command: string; icon?: string }>).find((c) => c.command === COMMAND.copyAsCurl);
    assert.ok(command?.icon);
    assert.equal(palette.find((m) => m.command === COMMAND.copyAsCurl)?.when, 'resourceScheme == timeslice-raw');
    const title = manifest.contributes.menus['editor/title'] as Array<{ command: string; when?: string }>;
    assert.equal(title.find((m) => m.command === COMMAND.copyAsCurl)?.when, 'resourceScheme == timeslice-raw');
  });
});
