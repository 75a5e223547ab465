/**
 * Activation: a fresh Node process per sample requires the production bundle and awaits activate()
 * with a stub `vscode` (bench/activation/measure.js). The same processes count the timers still
 * scheduled and the requests made with the window unfocused and no view visible.
 *
 * VS Code loads dist/extension.js, the loader that compiles main.js with V8's code cache from the
 * extension's global storage (src/startup/loader.ts). Three kinds of start, interleaved:
 * - later starts: the storage holds the cache an earlier start wrote (the usual start);
 * - the first start of a build: empty storage, so no cache yet (it writes one afterwards);
 * - the anchor: Node's own `require` of main.js and its activate(): our own bundle without the loader
 *   and its code cache. Not an outside reference: the ratio is what the code cache saves in this stub.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Figure } from '../lib/figure';
import { countFigure, median } from '../lib/figure';

interface Sample {
  requireMs: number;
  activateMs: number;
  totalMs: number;
  timers: number;
  requests: number;
  error?: string;
}

function sample(bundle: string, storage?: string): Sample {
  const args = [path.join(__dirname, '..', 'activation', 'measure.js'), bundle, ...(storage ? [storage] : [])];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
  const s = JSON.parse(out.trim().split('\n').pop()!) as Sample;
  if (s.error) {
    throw new Error(`activation failed: ${s.error}`);
  }
  return s;
}

const split = (samples: Sample[]) =>
  `require ${median(samples.map((s) => s.requireMs)).toFixed(1)} ms + activate ${median(samples.map((s) => s.activateMs)).toFixed(1)} ms (medians)`;

export function activationFigures(distDir: string, runs: number): { figures: Figure[]; problems: string[] } {
  const loader = path.join(distDir, 'extension.js');
  const main = path.join(distDir, 'main.js');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-storage-'));
  const problems: string[] = [];
  try {
    const kept = path.join(tmp, 'kept');
    sample(loader, kept); // warms the file cache and writes the code cache the later starts read
    const cacheFiles = fs.existsSync(path.join(kept, 'code-cache'))
      ? fs.readdirSync(path.join(kept, 'code-cache'))
      : [];
    if (cacheFiles.length !== 1) {
      problems.push(
        `activation: the first start left ${cacheFiles.length} code-cache files in global storage (expected 1)`,
      );
    }
    const later: Sample[] = [];
    const first: Sample[] = [];
    const plain: Sample[] = [];
    for (let run = 0; run < runs; run++) {
      later.push(sample(loader, kept));
      first.push(sample(loader, path.join(tmp, `fresh-${run}`)));
      plain.push(sample(main));
    }
    const total = (samples: Sample[]) => samples.map((s) => s.totalMs);
    const anchor = {
      anchor: median(total(plain)),
      anchorName: "our main.js without the code cache: Node's require + activate()",
    };
    return {
      figures: [
        {
          name: 'activation, later start (our code cache): require + activate(), stub vscode',
          unit: 'ms',
          ours: median(total(later)),
          ...anchor,
          budget: { kind: 'atMost', max: 50 },
          samples: { ours: total(later), anchor: total(plain) },
          note: `later starts (V8 code cache from an earlier start): ${split(later)}; anchor ${split(plain)}; production bundle, fresh process per run`,
        },
        {
          name: 'activation, first start of a build (no code cache yet)',
          unit: 'ms',
          ours: median(total(first)),
          ...anchor,
          budget: { kind: 'atMost', max: 50 },
          samples: { ours: total(first), anchor: total(plain) },
          note: `${split(first)}; empty global storage, the cache is written after activate() resolves`,
        },
        countFigure(
          'timers scheduled while unfocused, no view visible',
          'timers',
          median(later.map((s) => s.timers)),
          { kind: 'atMost', max: 0 },
          'with a key stored, so a connection session and its scheduler exist: the scheduler sets no timer while the window is unfocused',
        ),
        countFigure(
          'requests while unfocused, no view visible',
          'requests',
          median(later.map((s) => s.requests)),
          { kind: 'exactly', value: 0 },
          'after activation with a key stored and nothing bound',
        ),
      ],
      problems,
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
