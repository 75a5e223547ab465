// The format suite of `npm test`: Prettier (.prettierrc.json, .prettierignore) over the code. Like lint,
// one check: a clean tree counts 1 passed; otherwise every file Prettier would change counts 1 failed and
// is listed. `npm run format` rewrites them.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const prettier = require.resolve('prettier/bin/prettier.cjs');
const result = spawnSync(process.execPath, [prettier, '--list-different', '.'], { cwd: root, encoding: 'utf8' });
// Exit 1 with a list means "would change these"; any other failure (a syntax error, a bad config) is
// on stderr and counts as one failure of its own.
const dirty = result.stdout.split('\n').filter(Boolean);
const broken = result.status !== 0 && dirty.length === 0;
const counts = {
  passed: dirty.length === 0 && !broken ? 1 : 0,
  failed: broken ? 1 : dirty.length,
  skipped: 0,
  failures: broken
    ? [`format: prettier failed: ${result.stderr.trim().split('\n')[0]}`]
    : dirty.map((file) => `format: ${file} is not formatted (npm run format)`),
};
if (process.env.TIMESLICE_TEST_STATS) fs.writeFileSync(process.env.TIMESLICE_TEST_STATS, JSON.stringify(counts));
process.stderr.write(result.stderr);
console.log(counts.passed ? 'prettier: every file formatted' : counts.failures.join('\n'));
process.exit(counts.passed ? 0 : 1);
