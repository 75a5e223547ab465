/**
 * Set by esbuild.js: true in the bundles the test harnesses and the benchmark load, false in the
 * production bundles, where the minifier drops the code it guards (test hooks, benchmark marks).
 * The unit tests, which load the sources unbundled, set it to true (test/support/testBuildFlag.js).
 */
declare const __TIMESLICE_TEST__: boolean;
