/**
 * Which file to open when several serve the same transaction: the source over its compiled copy
 * (`src/app.ts` over `dist/app.js`, `app.ts` over the `app.js` beside it), else the first in path
 * order. Pure.
 */

/** Folders that hold a build's output in most JavaScript, TypeScript, Python and JVM projects. */
export const BUILD_OUTPUT_DIRS = ['dist', 'out', 'build'] as const;

/** What TypeScript compiles to: a copy when a `.ts` of the same code exists. */
const COMPILED_EXTENSIONS = ['.js', '.mjs', '.cjs'];

/** Lower is better: a path under a build-output folder, then a compiled extension, count against a file. */
export function sourceRank(path: string): number {
  const segments = path.split('/');
  const inBuildOutput = segments.slice(0, -1).some((s) => (BUILD_OUTPUT_DIRS as readonly string[]).includes(s));
  const compiled = COMPILED_EXTENSIONS.some((ext) => path.endsWith(ext));
  return (inBuildOutput ? 2 : 0) + (compiled ? 1 : 0);
}

/** The preferred of `candidates` (by `sourceRank`, ties to the earliest), or undefined when there are none. */
export function preferredSource<T extends { path: string }>(candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) {
    if (!best || sourceRank(candidate.path) < sourceRank(best.path)) {
      best = candidate;
    }
  }
  return best;
}
