// ESLint's stylish output, plus the lint suite's counts written as JSON to $TIMESLICE_TEST_STATS,
// so scripts/runTests.js can add lint to its one line (see test/support/countingReporter.js for mocha).
// Lint is one check, not one test per file: a clean run counts 1 passed; otherwise every file with a
// problem (error or warning: `npm run lint` allows no warnings either) counts 1 failed and is listed.
const fs = require('node:fs');
const path = require('node:path');
const { ESLint } = require('eslint');

module.exports = async function countingFormatter(results, context) {
  const dirty = results.filter((r) => r.errorCount + r.warningCount > 0);
  const counts = {
    passed: dirty.length === 0 ? 1 : 0,
    failed: dirty.length,
    skipped: 0,
    failures: dirty.map(
      (r) => `lint: ${path.relative(context.cwd, r.filePath)}: ${r.errorCount} errors, ${r.warningCount} warnings`,
    ),
  };
  const out = process.env.TIMESLICE_TEST_STATS;
  if (out) fs.writeFileSync(out, JSON.stringify(counts));
  const stylish = await new ESLint().loadFormatter('stylish');
  const text = await stylish.format(results, context);
  return text || `eslint: ${results.length} files, no problems\n`;
};
