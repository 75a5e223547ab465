import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

import { curlCommand, graphqlCurlCommand, shellQuote } from '../../src/api/curl';
import { nrqlRequestBody } from '../../src/api/nerdgraph/nrqlQuery';

/** What a POSIX shell makes of a command line: each word on its own line (printf), variables expanded. */
function shellWords(line: string, env: Record<string, string> = {}): string[] {
  const out = execFileSync('/bin/sh', ['-c', `printf '%s\\n' ${line.replace(/^curl /, '')}`], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return out.split('\n').slice(0, -1);
}

describe('palette: curl export', () => {
  const url =
    'https://api.newrelic.com/v2/applications/1/metrics/data.json?names%5B%5D=HttpDispatcher&values%5B%5D=call_count&from=2026-11-20T11%3A00%3A00%2B00%3A00';

  it('reads the key from $NEW_RELIC_API_KEY in the configured header, and the shell gives curl the exact URL', () => {
    const line = curlCommand(url, 'Api-Key');
    assert.match(line, /^curl -sS -H "Api-Key: \$NEW_RELIC_API_KEY" '/);
    assert.deepEqual(shellWords(line, { NEW_RELIC_API_KEY: 'NRAK-FROMTHESHELL' }), [
      '-sS',
      '-H',
      'Api-Key: NRAK-FROMTHESHELL',
      url,
    ]);
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

  describe('a NerdGraph request (Run NRQL Query)', () => {
    const graphqlUrl = 'https://api.newrelic.com/graphql';
    const nrql =
      "SELECT count(newrelic.timeslice.value) FROM Metric WHERE appName = 'x' AND metricTimesliceName = 'it''s $HOME `id`' SINCE 30 minutes ago TIMESERIES";
    const body = nrqlRequestBody(1_234_567, nrql);

    it('POSTs the JSON body as one word, NRQL in variables (quotes and all), the key from $NEW_RELIC_API_KEY in API-Key', () => {
      const line = graphqlCurlCommand(graphqlUrl, body);
      assert.match(
        line,
        /^curl -sS -X POST -H 'Content-Type: application\/json' -H "API-Key: \$NEW_RELIC_API_KEY" --data '/,
      );
      const words = shellWords(line, { NEW_RELIC_API_KEY: 'NRAK-FROMTHESHELL', HOME: '/nowhere' });
      assert.deepEqual(words.slice(0, 7), [
        '-sS',
        '-X',
        'POST',
        '-H',
        'Content-Type: application/json',
        '-H',
        'API-Key: NRAK-FROMTHESHELL',
      ]);
      assert.equal(words[7], '--data');
      assert.equal(words[9], graphqlUrl);
      assert.equal(words.length, 10);
      const sent = JSON.parse(words[8]) as typeof body;
      assert.deepEqual(sent, body);
      assert.equal(sent.variables.nrql, nrql);
      assert.ok(!sent.query.includes('appName'), 'the NRQL is a variable, not in the GraphQL text');
    });

    it('never holds a key', () => {
      const line = graphqlCurlCommand(graphqlUrl, body);
      assert.doesNotMatch(line, /NRAK-/);
      assert.ok(line.includes('$NEW_RELIC_API_KEY'));
    });
  });
});
