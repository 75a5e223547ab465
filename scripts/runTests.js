#!/usr/bin/env node
// `npm test`: builds, runs every suite (lint first), and ends with one line summing them all:
// "N passed, N failed[, N skipped]". A suite that crashes before reporting counts as one failure.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const only = process.argv.slice(2);

/** Each suite is a command that writes its counts to $TIMESLICE_TEST_STATS (mocha's through test/support/countingReporter.js). */
const SUITES = [
  // ESLint first (eslint.config.mjs): one check that counts 1 passed when the repository is clean, or
  // 1 failed per file with a problem (test/support/countingFormatter.js). Warnings fail it too.
  {
    name: 'lint',
    command: ['npx', 'eslint', '--max-warnings', '0', '--format', './test/support/countingFormatter.js', '.'],
  },
  // Prettier (.prettierrc.json) over the code, one check like lint (test/support/formatCheck.js).
  { name: 'format', command: ['node', 'test/support/formatCheck.js'] },
  { name: 'unit', command: ['npx', 'mocha', '--reporter', './test/support/countingReporter.js'] },
  { name: 'integration', command: ['node', 'test/integration/run.js'], needs: 'test/integration/run.js' },
  { name: 'ui', command: ['node', 'test/e2e/run.js'], needs: 'test/e2e/run.js' },
  // Every benchmark figure is produced and the request counts hold (times are not checked here).
  { name: 'bench', command: ['node', '-r', 'esbuild-register', 'bench/run.ts', '--quick'], needs: 'bench/run.ts' },
];

function run(cmd, env = {}) {
  return spawnSync(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

const build = run(['node', 'esbuild.js']);
if (build.status !== 0) {
  console.log('0 passed, 1 failed (the build failed)');
  process.exit(1);
}

const total = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
for (const suite of SUITES) {
  if (
    (only.length > 0 && !only.includes(suite.name)) ||
    (suite.needs && !fs.existsSync(path.join(root, suite.needs)))
  ) {
    continue;
  }
  console.log(`\n=== ${suite.name} tests ===`);
  const statsFile = path.join(os.tmpdir(), `timeslice-stats-${suite.name}-${process.pid}.json`);
  fs.rmSync(statsFile, { force: true });
  const result = run(suite.command, { TIMESLICE_TEST_STATS: statsFile });
  let counts;
  try {
    counts = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  } catch {
    counts = {
      passed: 0,
      failed: 1,
      skipped: 0,
      failures: [`${suite.name}: the suite did not report results (exit ${result.status})`],
    };
  }
  if (result.status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures.push(`${suite.name}: exited with ${result.status}`);
  }
  fs.rmSync(statsFile, { force: true });
  console.log(
    `${suite.name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  );
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  failures.push(...counts.failures);
}

if (failures.length > 0) {
  console.log('\nFailures:');
  for (const f of failures) console.log(`  - ${f}`);
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
