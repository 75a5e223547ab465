/** One line of the benchmark table, and what it is checked against. */
export type Budget =
  /** ours ÷ anchor at most `max` */
  | { kind: 'ratio'; max: number }
  /** ours at most `max` (in the figure's unit) */
  | { kind: 'atMost'; max: number }
  /** ours exactly `value`: request counts, asserted in quick mode too */
  | { kind: 'exactly'; value: number }
  /** ours at most the anchor (a floor) plus `max`, in the figure's unit */
  | { kind: 'overAnchor'; max: number };

export interface Figure {
  name: string;
  unit: 'ms' | 'KB' | 'MB' | 'requests' | 'calls' | '%' | 'timers' | 'events' | 'tokens' | 'entries';
  ours: number;
  anchor?: number;
  anchorName?: string;
  budget?: Budget;
  /** The anchor is a floor: the margin above it is the result, budget or none (an overAnchor budget implies it). */
  overFloor?: boolean;
  /** Every run's value, in run order (ours and anchor interleaved when both exist). */
  samples: { ours: number[]; anchor?: number[] };
  note?: string;
}

export function ratio(f: Figure): number | undefined {
  return f.anchor !== undefined && f.anchor > 0 ? f.ours / f.anchor : undefined;
}

/** True, false, or undefined when the figure has no budget. */
export function withinBudget(f: Figure): boolean | undefined {
  const b = f.budget;
  if (!b) {
    return undefined;
  }
  switch (b.kind) {
    case 'ratio': {
      const r = ratio(f);
      return r !== undefined && r <= b.max;
    }
    case 'atMost':
      return f.ours <= b.max;
    case 'exactly':
      return f.ours === b.value;
    case 'overAnchor':
      return f.anchor !== undefined && f.ours <= f.anchor + b.max;
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** Milliseconds `fn` takes. */
export async function timed(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/**
 * Runs ours, anchor, ours, anchor … `runs` times each after `warmup` rounds that are not kept, so
 * that drift on a shared machine hits both alike. Each function returns the milliseconds it measured.
 */
export async function interleaved(
  runs: number,
  ours: () => Promise<number>,
  anchor: () => Promise<number>,
  warmup = 1,
): Promise<{ ours: number[]; anchor: number[] }> {
  for (let i = 0; i < warmup; i++) {
    await ours();
    await anchor();
  }
  const out = { ours: [] as number[], anchor: [] as number[] };
  for (let i = 0; i < runs; i++) {
    out.ours.push(await ours());
    out.anchor.push(await anchor());
  }
  return out;
}

/** A timed figure from interleaved samples. */
export function timedFigure(
  name: string,
  samples: { ours: number[]; anchor: number[] },
  anchorName: string,
  budget?: Budget,
  note?: string,
): Figure {
  return {
    name,
    unit: 'ms',
    ours: median(samples.ours),
    anchor: median(samples.anchor),
    anchorName,
    budget,
    samples,
    note,
  };
}

/** A figure that is one count (no anchor). */
export function countFigure(name: string, unit: Figure['unit'], value: number, budget?: Budget, note?: string): Figure {
  return { name, unit, ours: value, budget, samples: { ours: [value] }, note };
}
