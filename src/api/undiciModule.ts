// undici is most of the bundle (~520 KB, ~100 ms to load) and activation needs none of it: a `require` inside a
// function keeps esbuild from running it at load; the build puts it in dist/undici.js.
export function undici(): typeof import('undici') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('undici') as typeof import('undici');
}
