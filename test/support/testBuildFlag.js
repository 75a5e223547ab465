// The unit tests load the sources unbundled: give them the flag esbuild.js defines, as the test build has it.
globalThis.__TIMESLICE_TEST__ = true;
