/**
 * One switch for test behaviour: production code reads no environment variable but the test harness's
 * (src/testHarness.ts) and the user's own runtime configuration, the proxy variables and Node's extra CA
 * file, which every HTTP client on the machine honours. A new `process.env` read fails here until it
 * is one of those (or goes through the harness's switches).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '../../src');

/** The reads allowed outside testHarness.ts, by their text. */
const USER_CONFIG = [
  // The whole environment, handed to api/proxy.ts for HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either case).
  'env: process.env',
  'process.env.NODE_EXTRA_CA_CERTS',
];

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

describe('environment variables', () => {
  it('production code reads only the test harness switch and the user runtime config', () => {
    const strays: string[] = [];
    for (const file of sources(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (relative === 'testHarness.ts') {
        continue;
      }
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (line.includes('process.env') && !USER_CONFIG.some((allowed) => line.includes(allowed))) {
            strays.push(`src/${relative}:${i + 1}: ${line.trim()}`);
          }
        });
    }
    assert.deepEqual(strays, [], 'read a test switch through harnessSwitches() (src/testHarness.ts) instead');
  });
});
