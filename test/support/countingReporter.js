// Mocha's spec output, plus the suite's counts written as JSON to $TIMESLICE_TEST_STATS,
// so scripts/runTests.js can add up every suite (unit, integration in VS Code, UI) in one line.
const fs = require('node:fs');
const Mocha = require('mocha');

const { EVENT_RUN_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;

class CountingReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
    runner.on(EVENT_TEST_PASS, () => counts.passed++);
    runner.on(EVENT_TEST_PENDING, () => counts.skipped++);
    runner.on(EVENT_TEST_FAIL, (test, err) => {
      counts.failed++;
      counts.failures.push(`${test.fullTitle()}: ${err && err.message}`);
    });
    runner.once(EVENT_RUN_END, () => {
      const out = process.env.TIMESLICE_TEST_STATS;
      if (out) fs.writeFileSync(out, JSON.stringify(counts));
    });
  }
}

module.exports = CountingReporter;
