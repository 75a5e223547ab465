/**
 * The demo's sample workspace (samples/demo-workspace/): for every web transaction of every demo
 * application that has a sample, the lead's mapping (src/code/) finds the line that serves it in that
 * application's folder, with the demo's names. Also the traced-method segments (Java, .NET), and the
 * folder's binding to its application.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { IndexedFile } from '../../src/code/codeMatch';
import { CodeMap } from '../../src/code/codeMatch';
import { parseSource } from '../../src/code/parseSource';
import { sourceLanguageOf } from '../../src/code/symbols';
import { codeTargetOf } from '../../src/code/transactionNames';
import { Dataset, DEMO_DATA_SET } from '../../src/simulator/dataset';

const ROOT = join(__dirname, '..', '..', 'samples', 'demo-workspace');

/**
 * The demo's applications with a sample, by name: every reporting one. recommendations-service is the data set's 16th
 * application: the demo's 12 have no reporting Python application (notifications-worker, the only
 * one, reports nothing), so its Django sample waits for the demo to show 16 applications.
 */
const SAMPLES: ReadonlyArray<{ app: string; folder: string; framework: string }> = [
  { app: 'storefront-web', folder: 'storefront-web', framework: 'Rails' },
  { app: 'recommendations-service', folder: 'recommendations-service', framework: 'Django' },
  { app: 'inventory-service', folder: 'inventory-service', framework: 'Spring MVC' },
  { app: 'reports-dotnet', folder: 'reports-dotnet', framework: 'ASP.NET Core MVC' },
  { app: 'partner-portal', folder: 'partner-portal', framework: 'Express' },
  { app: 'search-gateway', folder: 'search-gateway', framework: 'Go net/http' },
  { app: 'Zahlungsdienst – Köln ☕', folder: 'zahlungsdienst', framework: 'Laravel' },
  { app: 'billing-api', folder: 'billing-api', framework: 'Rails' },
  { app: 'legacy-admin', folder: 'legacy-admin', framework: 'Rails' },
  { app: 'checkout-service', folder: 'checkout-service', framework: 'Rails' },
  { app: 'catalog-service', folder: 'catalog-service', framework: 'Spring MVC' },
  { app: 'accounts-service', folder: 'accounts-service', framework: 'Laravel' },
  { app: 'payments-service', folder: 'payments-service', framework: 'Rails' },
  { app: 'pricing-service', folder: 'pricing-service', framework: 'Laravel' },
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function indexed(folder: string): { files: IndexedFile[]; text: Map<string, string[]> } {
  const files: IndexedFile[] = [];
  const text = new Map<string, string[]>();
  for (const file of filesUnder(join(ROOT, folder))) {
    const path = relative(join(ROOT, folder), file).split('\\').join('/');
    const language = sourceLanguageOf(path);
    if (language) {
      const source = readFileSync(file, 'utf8');
      files.push({ path, language, parsed: parseSource(language, source) });
      text.set(path, source.split('\n'));
    }
  }
  return { files, text };
}

describe('the demo sample workspace (samples/demo-workspace)', () => {
  const demo = new Dataset({ seed: 42, apps: 16, names: 'demo' });

  for (const sample of SAMPLES) {
    describe(`${sample.folder} (${sample.framework})`, () => {
      const app = demo.apps.find((a) => a.name === sample.app)!;
      const { files, text } = indexed(sample.folder);
      const map = new CodeMap(files);

      it('is bound to its demo application', () => {
        const settings = JSON.parse(readFileSync(join(ROOT, sample.folder, '.vscode', 'settings.json'), 'utf8')) as {
          'timeslice.boundApplication': { id: number; region: string; name: string };
        };
        assert.deepEqual(settings['timeslice.boundApplication'], { id: app.id, region: 'demo', name: app.name });
        assert.ok(app.reporting);
      });

      it('serves its background jobs wherever their name names code (Ruby, Python)', () => {
        for (const b of app.profile.background) {
          const target = codeTargetOf(app.language, b.name);
          assert.equal(target !== undefined, app.language === 'ruby' || app.language === 'python', b.name);
          if (target) {
            const found = map.locate(target);
            assert.ok(found, `${b.name} is served in ${sample.folder}`);
            const declared = target.kind === 'member' ? target.member : target.kind === 'function' ? target.name : '';
            assert.ok(text.get(found.path)![found.line].includes(declared), b.name);
          }
        }
      });

      it("serves every web transaction of the application, on the line the agent's name implies", () => {
        for (const t of app.profile.transactions) {
          const target = codeTargetOf(app.language, t.name);
          assert.ok(target, `${t.name} names code`);
          const found = map.locate(target);
          assert.ok(found, `${t.name} is served in ${sample.folder}`);
          const line = text.get(found.path)![found.line];
          const declared = target.kind === 'member' ? target.member : target.kind === 'function' ? target.name : '';
          assert.ok(line.includes(declared), `${t.name} → ${found.path}:${found.line + 1} declares ${declared}`);
          // Java's and .NET's segments name class and method exactly (Python's `Function/…` repeats the name).
          if (t.names.segment && (app.language === 'java' || app.language === 'dotnet')) {
            const segment = codeTargetOf(app.language, t.names.segment);
            assert.ok(segment, `${t.names.segment} names code`);
            const bySegment = map.locate(segment);
            assert.deepEqual(
              bySegment && { path: bySegment.path, member: text.get(bySegment.path)![bySegment.line].trim() },
              { path: found.path, member: line.trim() },
              `${t.names.segment} and ${t.name} lead to the same method`,
            );
          }
        }
      });
    });
  }

  it('Go: a route wrapped by the agent (`newrelic.WrapHandleFunc(app, "GET /users/{id}", h)`) is read, as the agent names it by that pattern', () => {
    const parsed = parseSource(
      'go',
      'package main\n\nfunc main() {\n\tmux.HandleFunc(newrelic.WrapHandleFunc(app, "GET /users/{id}", h.showUser))\n}\n',
    );
    const map = new CodeMap([{ path: 'main.go', language: 'go', parsed }]);
    assert.deepEqual(map.locate(codeTargetOf('go', 'WebTransaction/Go/GET /users/{id}')!), {
      path: 'main.go',
      line: 3,
    });
  });

  it("has a sample for every reporting demo application of a language the mapping knows, and no folder that isn't one", () => {
    const shown = new Dataset({ ...DEMO_DATA_SET, names: 'demo' }).apps.filter((a) => a.reporting);
    assert.deepEqual(shown.map((a) => a.name).sort(), SAMPLES.map((s) => s.app).sort());
    const folders = readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory());
    assert.deepEqual(folders.map((e) => e.name).sort(), SAMPLES.map((s) => s.folder).sort());
    const languages = new Set(SAMPLES.map((s) => demo.apps.find((a) => a.name === s.app)!.language));
    assert.deepEqual([...languages].sort(), ['dotnet', 'go', 'java', 'nodejs', 'php', 'python', 'ruby']);
  });
});
