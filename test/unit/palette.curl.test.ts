import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

import { curlCommand, shellQuote } from '../../src/api/curl';

/** What a POSIX shell makes of a command line: each word on its own line (printf), variables expanded. */
function shellWords(line: string, env: Record<string, string> = {}): string[] {
  const out = execFileSync('/bin/sh', ['-c', `printf '%s\\n' ${line.replace(/^curl /, '')}`], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return out.split('\n').slice(0, -1);
}

describe('palette: curl export', () => {
  const url = 'https://api.newrelic.com/v2/applications/1/metrics/data.json?names%5B%5D=HttpDispatcher&values%5B%5D=call_count&from=2026-11-20T11%3A00%3A00%2B00%3A00';

  it('reads the key from $NEW_RELIC_API_KEY in the configured header, and the shell gives curl the exact URL', () => {
    const line = curlCommand(url, 'Api-Key');
    assert.match(line, /^curl -sS -H "Api-Key: \$NEW_RELIC_API_KEY" '/);
    assert.deepEqual(shellWords(line, { NEW_RELIC_API_KEY: 'NRAK-FROMTHESHELL' }), ['-sS', '-H', 'Api-Key: NRAK-FROMTHESHELL', url]);
  });

  it('uses X-Api-Key when that is the setting', () => {
    assert.match(curlCommand(url, 'X-Api-Key'), /-H "X-Api-Key: \$NEW_RELIC_API_KEY"/);
  });

  it('quotes quotes, spaces, dollars and backticks so the shell passes them through unchanged', () => {
    for (const word of ["it's", 'a b', '$HOME', '`id`', '"x"', 'semi;colon&amp', "''", 'plain-word.json']) {
      assert.deepEqual(shellWords(shellQuote(word), { HOME: '/nowhere' }), [word], word);
    }
    const odd = "https://example.test/v2/a.json?filter%5Bname%5D=o'brien $x";
    assert.deepEqual(shellWords(curlCommand(odd, 'Api-Key')).at(-1), odd);
  });

  it('never holds a key, whatever the URL', () => {
    const line = curlCommand(url, 'Api-Key');
    assert.doesNotMatch(line, /NRAK-/);
  });
});
