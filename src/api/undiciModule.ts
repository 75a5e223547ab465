/**
 * undici is most of the extension bundle (about 520 KB minified, ~100 ms to load on a 2-core machine),
 * and activation needs none of it: it is loaded at the first request instead. A `require` inside a
 * function keeps esbuild from running it when the bundle loads; the build puts it in dist/undici.js.
 */
export function undici(): typeof import('undici') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('undici') as typeof import('undici');
}
