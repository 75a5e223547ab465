/**
 * Activation: a fresh Node process per sample requires the production bundle and awaits activate()
 * with a stub `vscode` (bench/activation/measure.js). The same processes count the timers still
 * scheduled and the requests made with the window unfocused and no view visible.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

import type { Figure } from '../lib/figure';
import { countFigure, median } from '../lib/figure';

interface Sample { requireMs: number; activateMs: number; totalMs: number; timers: number; requests: number; error?: string }

function sample(bundle: string): Sample {
  const out = execFileSync(process.execPath, [path.join(__dirname, '..', 'activation', 'measure.js'), bundle], { encoding: 'utf8' });
  const s = JSON.parse(out.trim().split('\n').pop()!) as Sample;
  if (s.error) {
    throw new Error(`activation failed: ${s.error}`);
  }
  return s;
}

export function activationFigures(distDir: string, runs: number): Figure[] {
  const bundle = path.join(distDir, 'extension.js');
  sample(bundle); // warm the file cache
  const samples = Array.from({ length: runs }, () => sample(bundle));
  const total = samples.map((s) => s.totalMs);
  return [
    {
      name: 'activation: require + activate() (stub vscode)', unit: 'ms', ours: median(total), budget: { kind: 'atMost', max: 50 },
      samples: { ours: total }, note: `require ${median(samples.map((s) => s.requireMs)).toFixed(1)} ms + activate ${median(samples.map((s) => s.activateMs)).toFixed(1)} ms (medians), production bundle, fresh process per run`,
    },
    countFigure('timers scheduled while unfocused, no view visible', 'timers', median(samples.map((s) => s.timers)), { kind: 'atMost', max: 0 },
      'with a key stored, so a connection session and its scheduler exist: the scheduler sets no timer while the window is unfocused'),
    countFigure('requests while unfocused, no view visible', 'requests', median(samples.map((s) => s.requests)), { kind: 'exactly', value: 0 },
      'after activation with a key stored and nothing bound'),
  ];
}
