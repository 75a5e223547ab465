/**
 * `npm run simulator -- --port N --apps N --page-size N --seed N --us-key K --eu-key K --fault endpoint:kind[:times]`
 * Starts the API simulator and prints where it listens, its keys and its certificate.
 */
import { parseArgs } from 'node:util';

import type { Fault, NerdGraphFault } from './faults';
import { isNerdGraphFault, parseFaultFlag } from './faults';
import type { ValuesRule } from './metricData';
import { VALUES_RULES } from './metricData';
import { Simulator } from './server';

const USAGE = `Usage: npm run simulator -- [--port N] [--http-port N] [--apps N] [--page-size N] [--seed N]
                              [--us-key K] [--eu-key K] [--fault endpoint:kind[:times]]...
                              [--values-rule strict|first-metric|lenient] [--lag-minutes N] [--rest-retired]
                              [--accounts-per-key N] [--nrql-field-errors all|<application id>]
  --apps 5000 is the scale mode used by the benchmarks.
  --values-rule: how values[] applies to metrics with different value lists (default strict, as the
    service's documentation shows); --lag-minutes: how far the data lags the clock (default 0).
  --rest-retired: REST API v2 answers 410 Gone to every request (its end of life); NerdGraph still answers.
  --accounts-per-key N: each key sees N accounts through NerdGraph (default 1, at most 5), each with its
    own data, so the account choice can be tried; REST v2 serves the first.
  --nrql-field-errors all|<application id>: NRQL fields (all, or those naming the application) answer as a
    timed-out query, each alias on its own: null and an error at its path.`;

function positiveInt(raw: string | undefined, name: string, fallback: number, allowZero = false): number {
  if (raw === undefined) {
    return fallback;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) {
    throw new Error(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} whole number (got "${raw}").`);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'http-port': { type: 'string' },
      apps: { type: 'string' },
      'page-size': { type: 'string' },
      seed: { type: 'string' },
      'us-key': { type: 'string' },
      'eu-key': { type: 'string' },
      fault: { type: 'string', multiple: true },
      'values-rule': { type: 'string' },
      'lag-minutes': { type: 'string' },
      'rest-retired': { type: 'boolean' },
      'accounts-per-key': { type: 'string' },
      'nrql-field-errors': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const faults = (values.fault ?? []).map(parseFaultFlag);
  const valuesRule = values['values-rule'] ?? 'strict';
  if (!(VALUES_RULES as readonly string[]).includes(valuesRule)) {
    throw new Error(`--values-rule must be one of ${VALUES_RULES.join(', ')} (got "${valuesRule}").`);
  }
  const fieldErrors = values['nrql-field-errors'];
  const nrqlFieldErrors =
    fieldErrors === undefined || fieldErrors === 'all'
      ? undefined
      : { applicationId: positiveInt(fieldErrors, 'nrql-field-errors', 0) };
  const sim = await Simulator.start({
    port: positiveInt(values.port, 'port', 0, true),
    httpPort: positiveInt(values['http-port'], 'http-port', 0, true),
    apps: positiveInt(values.apps, 'apps', 12),
    pageSize: positiveInt(values['page-size'], 'page-size', 200),
    seed: positiveInt(values.seed, 'seed', 42, true),
    usKey: values['us-key'],
    euKey: values['eu-key'],
    valuesRule: valuesRule as ValuesRule,
    lagMinutes: positiveInt(values['lag-minutes'], 'lag-minutes', 0, true),
    restRetired: values['rest-retired'] === true,
    accountsPerKey: positiveInt(values['accounts-per-key'], 'accounts-per-key', 1),
  });
  const accounts =
    sim.accounts.us.length === 1
      ? ''
      : `\n  NerdGraph accounts: ${(['us', 'eu'] as const).map((r) => sim.accounts[r].map((a) => `${a.id} (${a.dataset.apps.length} apps)`).join(', ')).join('; ')}`;
  if (fieldErrors !== undefined) {
    sim.setNrqlFieldErrors(nrqlFieldErrors ?? {});
  }
  faults.forEach((f) =>
    isNerdGraphFault(f.kind) ? sim.injectNerdGraphFault(f as NerdGraphFault) : sim.injectFault(f as Fault),
  );
  console.log(`Timeslice API simulator
  HTTPS (US):  ${sim.baseUrls.us}
  HTTPS (EU):  ${sim.baseUrls.eu}
  HTTP (301):  ${sim.baseUrls.http}
  US key:      ${sim.keys.us}
  EU key:      ${sim.keys.eu}
  Certificate: ${sim.certPath}
  values[] rule: ${sim.valuesRule}${sim.restRetired ? '\n  REST v2:     retired (410 Gone); NerdGraph at /graphql and /eu/graphql' : ''}
  Applications: ${sim.datasets.us.apps.length} (US), ${sim.datasets.eu.apps.length} (EU)${accounts}${fieldErrors === undefined ? '' : `\n  NRQL fields: ${fieldErrors} answer TIMEOUT`}${faults.length ? `\n  Faults:      ${faults.map((f) => `${f.endpoint}:${f.kind}`).join(', ')}` : ''}
Try: curl --cacert ${sim.certPath} -H "Api-Key: ${sim.keys.us}" ${sim.baseUrls.us}/v2/applications.json
Press Ctrl+C to stop.`);
  const stop = () => void sim.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  console.error(USAGE);
  process.exit(2);
});
