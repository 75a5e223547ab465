/** The one table `npm run bench` prints, bench/results.json, and quick mode's test counts. */
import * as fs from 'node:fs';
import * as os from 'node:os';

import type { Figure } from './figure';
import { ratio, withinBudget } from './figure';

function value(v: number | undefined, unit: Figure['unit']): string {
  if (v === undefined || Number.isNaN(v)) {
    return '—';
  }
  const digits = unit === 'ms' ? (v < 10 ? 2 : 1) : unit === '%' ? 2 : unit === 'KB' || unit === 'MB' ? 1 : 0;
  return `${v.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
}

function budgetText(f: Figure): string {
  const b = f.budget;
  if (!b) {
    return '—';
  }
  switch (b.kind) {
    case 'ratio':
      return `≤ ${b.max.toFixed(2)}×`;
    case 'atMost':
      return `≤ ${value(b.max, f.unit)}`;
    case 'exactly':
      return `= ${value(b.value, f.unit)}`;
    case 'overAnchor':
      return `≤ anchor + ${value(b.max, f.unit)}`;
  }
}

/**
 * Whether quick mode (one run each, inside `npm test`) checks the figure's budget: counts and what is
 * computed from counts (requests, the key budget's %, sizes) are the same in every run; a time or a
 * heap size from one run on a machine that is running the tests says nothing.
 */
export function checkedWhenQuick(f: Figure): boolean {
  return f.budget !== undefined && (f.budget.kind === 'exactly' || (f.unit !== 'ms' && f.unit !== 'MB'));
}

/** `quick`: only the budgets quick mode checks get a ✔ or ✘. */
export function tableRows(figures: readonly Figure[], quick = false): string[][] {
  return figures.map((f) => {
    const r = ratio(f);
    const ok = quick && !checkedWhenQuick(f) ? undefined : withinBudget(f);
    // Over a floor, the margin above it is the result, not the ratio.
    const compared =
      (f.budget?.kind === 'overAnchor' || f.overFloor) && f.anchor !== undefined
        ? `+${value(f.ours - f.anchor, f.unit)}`
        : r === undefined
          ? '—'
          : `${r.toFixed(2)}×`;
    return [
      f.name,
      value(f.ours, f.unit),
      f.anchor === undefined ? '—' : `${value(f.anchor, f.unit)} (${f.anchorName})`,
      compared,
      budgetText(f),
      ok === undefined ? '' : ok ? '✔' : '✘',
    ];
  });
}

const HEADER = ['Figure', 'Ours', 'Anchor (same run)', 'Ratio (or margin)', 'Budget', ''];

/** Plain text, columns padded. */
export function textTable(figures: readonly Figure[], quick = false): string {
  const rows = [HEADER, ...tableRows(figures, quick)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows
    .map((r, n) => {
      const line = r
        .map((c, i) => c + ' '.repeat(widths[i] - [...c].length))
        .join('  ')
        .trimEnd();
      return n === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

/** The same table in Markdown, for docs/performance.md. */
export function markdownTable(figures: readonly Figure[]): string {
  const rows = tableRows(figures);
  return [
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

export interface RunInfo {
  quick: boolean;
  chromium?: string;
  started: Date;
}

export function writeResults(file: string, info: RunInfo, figures: readonly Figure[]): void {
  const cpus = os.cpus();
  const results = {
    date: info.started.toISOString(),
    quick: info.quick,
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model,
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()}`,
      loadAverage: os.loadavg(),
    },
    node: process.version,
    chromium: info.chromium,
    figures: figures.map((f) => ({ ...f, ratio: ratio(f), withinBudget: withinBudget(f) })),
  };
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

/**
 * Quick mode's counts, in the shape test/support/countingReporter.js writes, so `npm test` adds them
 * to its total: one test per figure produced, and one per budget quick mode checks (checkedWhenQuick).
 */
export function quickChecks(
  figures: readonly Figure[],
  expected: readonly string[],
): { passed: number; failed: number; skipped: number; failures: string[] } {
  const out = { passed: 0, failed: 0, skipped: 0, failures: [] as string[] };
  const check = (ok: boolean, what: string) => {
    if (ok) {
      out.passed++;
    } else {
      out.failed++;
      out.failures.push(what);
    }
  };
  for (const name of expected) {
    const f = figures.find((x) => x.name === name);
    check(
      f !== undefined && Number.isFinite(f.ours) && (f.anchorName === undefined || Number.isFinite(f.anchor)),
      `bench: figure "${name}" was produced`,
    );
  }
  for (const f of figures) {
    if (f.budget?.kind === 'exactly') {
      check(f.ours === f.budget.value, `bench: ${f.name} is ${f.budget.value} (got ${f.ours})`);
    } else if (checkedWhenQuick(f)) {
      check(withinBudget(f) === true, `bench: ${f.name} within its budget (got ${f.ours} ${f.unit})`);
    }
  }
  return out;
}
