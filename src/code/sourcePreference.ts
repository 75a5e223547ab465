export const BUILD_OUTPUT_DIRS = ['dist', 'out', 'build'] as const;

/** What TypeScript compiles to: a copy when a `.ts` of the same code exists. */
const COMPILED_EXTENSIONS = ['.js', '.mjs', '.cjs'];

export function sourceRank(path: string): number {
  const segments = path.split('/');
  const inBuildOutput = segments.slice(0, -1).some((s) => (BUILD_OUTPUT_DIRS as readonly string[]).includes(s));
  const compiled = COMPILED_EXTENSIONS.some((ext) => path.endsWith(ext));
  return (inBuildOutput ? 2 : 0) + (compiled ? 1 : 0);
}

export function preferredSource<T extends { path: string }>(candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) {
    if (!best || sourceRank(candidate.path) < sourceRank(best.path)) {
      best = candidate;
    }
  }
  return best;
}
