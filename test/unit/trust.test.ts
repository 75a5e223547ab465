/**
 * Which certificates a client trusts when the user names a CA file: Node's roots, NODE_EXTRA_CA_CERTS
 * and the file, since a `ca` option replaces Node's default store instead of adding to it.
 */
import assert from 'node:assert/strict';
import * as tls from 'node:tls';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import type { ApiError } from '../../src/api/apiError';
import { trustedCertificates } from '../../src/api/trust';
import { MemoryLogger } from '../../src/log';
import { Simulator } from '../../src/simulator/server';

describe('trustedCertificates (timeslice.caCertificatePath + NODE_EXTRA_CA_CERTS)', function () {
  this.timeout(15_000);
  let service: Simulator;
  let other: Simulator;

  before(async () => {
    // Two simulators, two self-signed certificates: `service` is the one we call.
    [service, other] = await Promise.all([
      Simulator.start({ seed: 1, apps: 2 }),
      Simulator.start({ seed: 2, apps: 2 }),
    ]);
  });

  after(async () => {
    await Promise.all([service.stop(), other.stop()]);
  });

  async function listWith(ca: string[] | undefined): Promise<number> {
    const api = new HttpTimesliceApi({
      baseUrl: service.baseUrls.us,
      getApiKey: () => Promise.resolve(service.keys.us),
      ca,
      log: new MemoryLogger(),
      maxTries: 1,
    });
    try {
      return (await api.listApplications()).length;
    } finally {
      await api.dispose();
    }
  }

  it("keeps Node's default store when no CA file is set", () => {
    assert.equal(trustedCertificates({ caFile: '', extraCaFile: service.certPath }), undefined);
  });

  it('with a CA file, still trusts a CA that only NODE_EXTRA_CA_CERTS names', async () => {
    const ca = trustedCertificates({ caFile: other.certPath, extraCaFile: service.certPath })!;
    assert.equal(await listWith(ca), 2);
    const withoutExtra = trustedCertificates({ caFile: other.certPath })!;
    await assert.rejects(
      listWith(withoutExtra),
      (e: ApiError) => e.kind === 'tls',
      'the other CA alone does not trust the service',
    );
  });

  it("trusts the CA file itself, on top of Node's bundled roots", async () => {
    const ca = trustedCertificates({ caFile: service.certPath })!;
    assert.equal(await listWith(ca), 2);
    assert.ok(
      tls.rootCertificates.every((root) => ca.includes(root)),
      'all bundled roots kept',
    );
  });

  it('ignores an unreadable NODE_EXTRA_CA_CERTS, and explains a bad CA file', () => {
    assert.ok(trustedCertificates({ caFile: service.certPath, extraCaFile: '/nonexistent/extra.pem' }));
    assert.throws(
      () => trustedCertificates({ caFile: '/nonexistent/ca.pem' }),
      (e: ApiError) =>
        e.kind === 'invalidConfig' && /cannot be read\. Fix the path or clear the setting/.test(e.message),
    );
    assert.throws(
      () => trustedCertificates({ caFile: 'x', readFile: () => 'not a certificate' }),
      (e: ApiError) => e.kind === 'invalidConfig' && /holds no PEM certificate/.test(e.message),
    );
  });
});
