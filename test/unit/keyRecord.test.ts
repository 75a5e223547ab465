import * as assert from 'node:assert/strict';

import { decodeKeyRecord, encodeKeyRecord, keyForOrigin, originOf } from '../../src/auth/keyRecord';

describe('stored keys and the origin a custom key belongs to', () => {
  const KEY = 'NRAK-CUSTOMKEY000000000000000001';
  const A = originOf('https://proxy.example.test:8443/newrelic/');

  it('round-trips a custom key with its origin, and US/EU keys as they always were', () => {
    assert.equal(A, 'https://proxy.example.test:8443');
    assert.deepEqual(decodeKeyRecord(encodeKeyRecord({ key: KEY, origin: A })), { key: KEY, origin: A });
    assert.equal(encodeKeyRecord({ key: KEY }), KEY);
    assert.deepEqual(decodeKeyRecord(KEY), { key: KEY });
    assert.equal(decodeKeyRecord('{"key":"x"}'), undefined);
    assert.equal(decodeKeyRecord('{broken'), undefined);
    assert.equal(decodeKeyRecord(undefined), undefined);
  });

  it('gives a custom key only to the origin it was stored for', () => {
    const record = decodeKeyRecord(encodeKeyRecord({ key: KEY, origin: A }));
    assert.deepEqual(keyForOrigin(record, true, A), { key: KEY });
    assert.deepEqual(keyForOrigin(record, true, originOf('https://elsewhere.example.test')), { mismatch: A });
    assert.deepEqual(
      keyForOrigin(record, true, originOf('https://proxy.example.test')),
      { mismatch: A },
      'another port is another origin',
    );
    assert.deepEqual(
      keyForOrigin(record, true, originOf('http://proxy.example.test:8443')),
      { mismatch: A },
      'another scheme too',
    );
  });

  it('asks again for a custom key stored before origins were recorded; US/EU keys need no origin', () => {
    assert.deepEqual(keyForOrigin(decodeKeyRecord(KEY), true, A), { mismatch: undefined });
    assert.deepEqual(keyForOrigin(decodeKeyRecord(KEY), false, originOf('https://api.newrelic.com')), { key: KEY });
    assert.equal(keyForOrigin(undefined, true, A), undefined);
  });
});
