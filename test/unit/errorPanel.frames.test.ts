/**
 * Where the error panel's frames open (src/panels/frameLocator.ts): only in folders bound to the stack's
 * application (in its region), only files the code index listed, only in-app frames, at their line; a
 * frame no bound folder has stays unmapped, and with no bound folder nothing maps (nothing is guessed).
 */
import assert from 'node:assert/strict';

import type * as vscode from 'vscode';

import { WorkspaceFileMap } from '../../src/errors/frameMapping';
import type { StackFrame } from '../../src/errors/stackFrame';
import type { FrameLocatorDeps } from '../../src/panels/frameLocator';
import { locateFrames } from '../../src/panels/frameLocator';
import type { Binding } from '../../src/status/binding';

const frame = (path: string, line: number, inApp = true): StackFrame => ({
  text: `${path}:${line}`,
  parsed: true,
  path,
  line,
  inApp,
});

/** A workspace of folders, each with its listed files and its binding (or none). */
function workspace(folders: Array<{ name: string; files: string[]; binding?: Binding }>): FrameLocatorDeps {
  const fake = folders.map((f) => ({ ...f, folder: { name: f.name, uri: { toString: () => `file:///${f.name}` } } }));
  const of = (folder: unknown) => fake.find((f) => f.folder === folder)!;
  return {
    bindings: {
      all: () =>
        fake
          .filter((f) => f.binding)
          .map((f) => ({ folder: f.folder as unknown as vscode.WorkspaceFolder, binding: f.binding! })),
    },
    sources: {
      indexOf: (folder) =>
        ({
          fileMap: () => Promise.resolve(new WorkspaceFileMap(of(folder).files)),
        }) as unknown as ReturnType<FrameLocatorDeps['sources']['indexOf']>,
      uriOf: (folder, path) =>
        of(folder).files.includes(path)
          ? ({ toString: () => `file:///${folder.name}/${path}` } as unknown as vscode.Uri)
          : undefined,
    },
    region: () => 'us',
  };
}

const STORE = { id: 7, region: 'us' as const, name: 'storefront-web' };
const frames = [
  frame('/srv/app/app/controllers/orders_controller.rb', 12),
  frame('/gems/rack-3.0/lib/rack/builder.rb', 40, false),
  frame('/srv/app/app/models/missing.rb', 3),
  frame('/srv/app/app/models/order.rb', 9),
];

describe('error panel: where frames open', () => {
  it('maps in-app frames to the bound folder’s listed files at their line; library and missing frames stay unmapped', async () => {
    const deps = workspace([
      {
        name: 'store',
        files: ['app/controllers/orders_controller.rb', 'app/models/order.rb', 'vendor/rack/lib/rack/builder.rb'],
        binding: STORE,
      },
      // Another application's folder with the same file: never used for this application's frames.
      { name: 'billing', files: ['app/models/missing.rb'], binding: { ...STORE, id: 8, name: 'billing' } },
      // A folder bound to no application is not guessed either.
      { name: 'loose', files: ['app/models/missing.rb'] },
    ]);
    const located = await locateFrames(deps, { id: 7, language: 'ruby' }, frames);
    assert.equal(located.bound, true);
    assert.deepEqual(located.targets, [
      {
        uri: 'file:///store/app/controllers/orders_controller.rb',
        relativePath: 'app/controllers/orders_controller.rb',
        line: 12,
      },
      undefined,
      undefined,
      { uri: 'file:///store/app/models/order.rb', relativePath: 'app/models/order.rb', line: 9 },
    ]);
  });

  it('says no folder is bound (nothing maps) when none is bound to the application in this region', async () => {
    const elsewhere = workspace([
      { name: 'store', files: ['app/controllers/orders_controller.rb'], binding: { ...STORE, region: 'eu' } },
    ]);
    assert.deepEqual(await locateFrames(elsewhere, { id: 7, language: 'ruby' }, frames), {
      bound: false,
      targets: [undefined, undefined, undefined, undefined],
    });
  });

  it('names the folder in a multi-root workspace where two folders are bound to the application', async () => {
    const deps = workspace([
      { name: 'api', files: ['app/controllers/orders_controller.rb'], binding: STORE },
      { name: 'models', files: ['app/models/order.rb'], binding: STORE },
    ]);
    const { targets } = await locateFrames(deps, { id: 7, language: 'ruby' }, frames);
    assert.deepEqual(
      targets.map((t) => t?.relativePath),
      ['api/app/controllers/orders_controller.rb', undefined, undefined, 'models/app/models/order.rb'],
    );
  });
});
