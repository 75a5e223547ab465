// The demo's data clock in the integration and UI suites (the harness's `clockShift=` switch, see
// src/testHarness.ts): every suite sees the data the demo shows at DEFAULT_DATA_CLOCK, whatever the date and
// hour it runs at, so no test depends on the wall clock. The shift is taken once per test process, so the
// extension's demo and the data a test computes its expectations from (demoDataSet) agree to the minute.
// TIMESLICE_TEST_DATA_CLOCK sets another instant, to check that the suites hold there too (docs/simulator.md).
const DEFAULT_DATA_CLOCK = '2026-11-24T10:30:00Z';

let shift;

/** Minutes from now to the data clock's instant, the same for the whole test process. */
function dataClockShift() {
  if (shift === undefined) {
    const chosen = process.env.TIMESLICE_TEST_DATA_CLOCK || DEFAULT_DATA_CLOCK;
    const at = Date.parse(chosen);
    if (!Number.isFinite(at)) {
      throw new Error(`TIMESLICE_TEST_DATA_CLOCK must be an ISO 8601 instant (got ${JSON.stringify(chosen)}).`);
    }
    shift = Math.round((at - Date.now()) / 60_000);
  }
  return shift;
}

module.exports = { dataClockShift, DEFAULT_DATA_CLOCK };
