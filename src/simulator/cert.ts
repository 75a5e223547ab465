/** A self-signed certificate for the simulator, made at start. Clients trust it through a CA option only. */
import { generate } from 'selfsigned';

export interface SimulatorCertificate {
  cert: string;
  key: string;
}

export async function makeCertificate(): Promise<SimulatorCertificate> {
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 7 * 86_400_000);
  const pems = await generate([{ name: 'commonName', value: 'Timeslice API simulator' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: notBefore,
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
