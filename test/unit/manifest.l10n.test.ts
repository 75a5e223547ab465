import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { COMMAND, CONTEXT, DEMO_SIGHTS } from '../../src/constants';

const ROOT = path.join(__dirname, '../..');
const manifestText = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
const manifest = JSON.parse(manifestText);
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;

describe('package.json: translations and walkthrough', () => {
  it("the README's settings table is the one package.json makes (node scripts/settingsTable.js --write)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { settingsTable, readmeWithTable } = require('../../scripts/settingsTable.js') as {
      settingsTable: () => string;
      readmeWithTable: (readme: string, table: string) => string;
    };
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.equal(readme, readmeWithTable(readme, settingsTable()));
    for (const key of Object.keys(manifest.contributes.configuration.properties)) {
      assert.ok(settingsTable().includes(`| \`${key}\` |`), key);
    }
  });

  it('every %key% resolves in package.nls.json, and every key there is used', () => {
    const used = [...manifestText.matchAll(/"%([^"%]+)%"/g)].map((m) => m[1]);
    assert.ok(used.length > 50, `manifest strings go through package.nls.json (${used.length} found)`);
    assert.deepEqual(
      used.filter((k) => typeof nls[k] !== 'string' || nls[k].length === 0),
      [],
    );
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.includes(k)),
      [],
    );
  });

  it('leaves no user-facing manifest string hard-wired', () => {
    const c = manifest.contributes;
    const strings: Array<[string, unknown]> = [
      ['displayName', manifest.displayName],
      ['description', manifest.description],
      ...c.commands.map((x: { command: string; title: string }) => [x.command, x.title] as [string, unknown]),
      ...c.views.timeslice.map((x: { id: string; name: string }) => [x.id, x.name] as [string, unknown]),
      ...Object.entries(c.configuration.properties).map(
        ([k, v]) => [k, (v as { markdownDescription?: string }).markdownDescription] as [string, unknown],
      ),
      ...c.walkthroughs.flatMap((w: { steps: Array<{ id: string; title: string; description: string }> }) =>
        w.steps.flatMap(
          (st) =>
            [
              [st.id, st.title],
              [st.id, st.description],
            ] as Array<[string, unknown]>,
        ),
      ),
    ];
    assert.deepEqual(
      strings.filter(([, v]) => typeof v !== 'string' || !/^%[^%]+%$/.test(v)),
      [],
    );
  });

  it('ticks "See your applications" while the view is visible, whichever opened first (onView fires only for a view opened after the walkthrough)', () => {
    const [walkthrough] = manifest.contributes.walkthroughs as Array<{
      steps: Array<{ id: string; completionEvents: string[] }>;
    }>;
    const step = walkthrough.steps.find((s) => s.id === 'applications')!;
    assert.ok(
      step.completionEvents.includes(`onContext:${CONTEXT.applicationsVisible}`),
      step.completionEvents.join(', '),
    );
  });

  it('walks a new user through key, view, lenses, changes, alerts, errors, dashboard, binding, palette and the agent, each step with a way to complete and its pictures', () => {
    const [walkthrough] = manifest.contributes.walkthroughs as Array<{
      id: string;
      steps: Array<{
        id: string;
        description: string;
        completionEvents?: string[];
        media: { image: Record<string, string> };
      }>;
    }>;
    assert.equal(walkthrough.id, 'timeslice.gettingStarted');
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['connect', 'applications', 'lenses', 'changes', 'alerts', 'errors', 'dashboard', 'bind', 'palette', 'agent'],
    );
    const commands = new Set<string>(Object.values(COMMAND));
    for (const step of walkthrough.steps) {
      const description = nls[step.description.slice(1, -1)];
      // Without completion events VS Code ticks a step when one of its buttons runs: it needs one.
      assert.ok(
        (step.completionEvents ?? []).length > 0 || /\]\(command:timeslice\./.test(description),
        `${step.id}: a completion event or a button`,
      );
      // Each button runs a declared command; showOnDemo's argument is a sight it knows.
      for (const [, id, args] of description.matchAll(/\]\(command:([\w.]+)(?:\?([^)]*))?\)/g)) {
        assert.ok(commands.has(id) || id === 'timeslice.applications.focus', `${step.id}: ${id}`);
        if (id === COMMAND.showOnDemo) {
          const [sight] = JSON.parse(decodeURIComponent(args)) as string[];
          assert.ok((DEMO_SIGHTS as readonly string[]).includes(sight), `${step.id}: sight ${sight}`);
        }
      }
      for (const event of step.completionEvents ?? []) {
        assert.match(
          event,
          /^(onCommand:timeslice\.|onContext:timeslice\.|onView:timeslice\.)/,
          `${step.id}: ${event}`,
        );
        if (event.startsWith('onCommand:')) {
          assert.ok(commands.has(event.slice('onCommand:'.length)), event);
        }
        if (event.startsWith('onContext:')) {
          assert.ok(
            (Object.values(CONTEXT) as string[]).includes(event.slice('onContext:'.length)),
            `${step.id}: ${event} is a key the code sets`,
          );
        }
      }
      for (const image of Object.values(step.media.image)) {
        const file = path.join(ROOT, image);
        assert.ok(fs.existsSync(file), `${step.id}: ${image}`);
        assert.deepEqual(
          [...fs.readFileSync(file).subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''),
          'PNG',
          image,
        );
      }
      for (const link of nls[step.description.slice(1, -1)].matchAll(/\(command:([\w.]+)\)/g)) {
        assert.ok(
          commands.has(link[1]) || link[1] === 'timeslice.applications.focus',
          `${step.id} links to ${link[1]}`,
        );
      }
    }
  });
});
