/**
 * Set by esbuild.js: true in the bundles the test harnesses and the benchmark load, false in the
 * production bundles, where the minifier drops the code it guards (test hooks, benchmark marks).
 * Code that reads it only runs bundled; unit tests do not load it.
 */
declare const __TIMESLICE_TEST__: boolean;
