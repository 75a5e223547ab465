// The instant the demo's data clock reads when a harness starts the extension (the `clock=` switch of
// src/testApi.ts): every test sees the same deployments and the same daily traffic level, whatever the
// date and hour it runs at. TIMESLICE_TEST_DATA_CLOCK sets another instant, to check that the suites
// hold at other hours too (docs/simulator.md).
const DEFAULT_DATA_CLOCK = '2026-11-24T10:30:00Z';

function dataClock() {
  const chosen = process.env.TIMESLICE_TEST_DATA_CLOCK;
  if (chosen !== undefined && chosen !== '' && !Number.isFinite(Date.parse(chosen))) {
    throw new Error(`TIMESLICE_TEST_DATA_CLOCK must be an ISO 8601 instant (got ${JSON.stringify(chosen)}).`);
  }
  return chosen || DEFAULT_DATA_CLOCK;
}

module.exports = { dataClock, DEFAULT_DATA_CLOCK };
