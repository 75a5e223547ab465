import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { inlinePanelPage, preloadPanelPage } from '../../src/panels/panelPage';

describe('panel page files', () => {
  let root: string;

  /** An extension folder of its own per test: the cache is keyed by it. */
  function extensionWith(files: { boot?: string; script?: string; style?: string }): string {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-panel-page-'));
    fs.mkdirSync(path.join(root, 'dist', 'webview'), { recursive: true });
    fs.mkdirSync(path.join(root, 'media'));
    const write = (text: string | undefined, ...p: string[]) =>
      text !== undefined && fs.writeFileSync(path.join(root, ...p), text);
    write(files.boot, 'dist', 'webview', 'panelBoot.js');
    write(files.script, 'dist', 'webview', 'panel.js');
    write(files.style, 'media', 'panel.css');
    return root;
  }

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads the files in the background, and the first panel finds them without reading', async () => {
    const dir = extensionWith({ boot: 'boot();', script: 'bundle();', style: 'body{}' });
    await preloadPanelPage(dir);
    fs.rmSync(path.join(dir, 'dist'), { recursive: true });
    assert.deepEqual(inlinePanelPage(dir), { boot: 'boot();', script: 'bundle();', style: 'body{}' });
  });

  it('reads the files once while a background read is under way', async () => {
    const dir = extensionWith({ boot: 'boot();', script: 'bundle();', style: 'body{}' });
    const first = preloadPanelPage(dir);
    assert.equal(preloadPanelPage(dir), first);
    await first;
    assert.deepEqual(inlinePanelPage(dir), { boot: 'boot();', script: 'bundle();', style: 'body{}' });
  });

  it('reads them itself when the background read has not run', () => {
    const dir = extensionWith({ boot: 'boot();', script: 'bundle();', style: 'body{}' });
    assert.deepEqual(inlinePanelPage(dir), { boot: 'boot();', script: 'bundle();', style: 'body{}' });
  });

  it('leaves the page to fetch its files when one is missing or cannot be written into it', async () => {
    const missing = extensionWith({ boot: 'boot();', style: 'body{}' });
    await preloadPanelPage(missing);
    assert.equal(inlinePanelPage(missing), undefined);
    fs.rmSync(missing, { recursive: true, force: true });
    const unsafe = extensionWith({ boot: 'boot();', script: 'x = "</script>";', style: 'body{}' });
    await preloadPanelPage(unsafe);
    assert.equal(inlinePanelPage(unsafe), undefined);
  });
});
