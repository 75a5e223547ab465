/**
 * Error occurrences of the simulated applications: one per error the `Errors/<txn>` metrics count
 * (transactionSplit.ts), each a `TransactionError` event, sampled as the agents sample them, and the
 * first few of each instance's minute an `ErrorTrace` with a stack (errorStacks.ts). A few expected
 * errors come on top, which the metrics leave out. Sources: docs/errors.md, docs/simulator.md.
 */
import { isWebTransaction } from './agentNaming';
import type { Dataset, SimApp } from './dataset';
import { errorKindsOf, HAZARD_MESSAGES } from './errorCatalog';
import type { ErrorKind } from './errorCatalog';
import { minuteOf } from './minutes';
import { hashString, unit } from './random';
import { shareOut, transactionSplit } from './transactionSplit';

/** Error events an agent instance sends per minute, and error traces (the service's documented limits). */
export const MAX_ERROR_EVENTS_PER_MINUTE = 100;
export const MAX_ERROR_TRACES_PER_MINUTE = 20;
/** Chance of one expected error per transaction and minute: an open point; one in fifty keeps them "a few". */
const EXPECTED_CHANCE = 0.02;
/** Share of the `test` data set's messages that carry a foreign-text hazard. */
const HAZARD_CHANCE = 0.2;

/** One error occurrence, as an event and (when traced) an error trace share it. */
export interface ErrorOccurrence {
  app: SimApp;
  /** The occurrence id: the app, minute, instance and index, so its stack can be rebuilt from it. */
  id: string;
  /** The transaction's name in its agent's form (the metric's, Ruby's `Controller/…`). */
  metricName: string;
  /** The event's `transactionName`: the full name (`WebTransaction/Controller/…` for Ruby). */
  transactionName: string;
  kind: ErrorKind;
  message: string;
  expected: boolean;
  instanceId: number;
  host: string;
  timestamp: number;
  /** Whether the agent kept it as an event (at most MAX_ERROR_EVENTS_PER_MINUTE per instance). */
  sampled: boolean;
  /** Whether the agent kept it as an error trace (at most MAX_ERROR_TRACES_PER_MINUTE per instance). */
  traced: boolean;
}

/** The event's name of a transaction: Ruby's web names are metrics under `Controller/`, the event's under `WebTransaction/`. */
export function eventTransactionName(metricName: string): string {
  return metricName.startsWith('Controller/') ? `WebTransaction/${metricName}` : metricName;
}

const kindsCache = new WeakMap<SimApp, Map<string, ErrorKind[]>>();

/** The classes a transaction throws: two of its language's, picked by its name. */
function kindsOf(app: SimApp, metricName: string): ErrorKind[] {
  let byName = kindsCache.get(app);
  if (!byName) {
    byName = new Map();
    kindsCache.set(app, byName);
  }
  let kinds = byName.get(metricName);
  if (!kinds) {
    const all = errorKindsOf(app.language);
    const h = hashString(`${app.id}:${metricName}`);
    kinds = [all[h % all.length], all[(h + 1) % all.length]];
    byName.set(metricName, kinds);
  }
  return kinds;
}

function occurrenceId(app: SimApp, minute: number, instanceId: number, index: number): string {
  return [app.id, minute, instanceId, index].map((n) => n.toString(36)).join('-');
}

/** The parts of an occurrence id, or undefined when it is none of ours. */
export function parseOccurrenceId(
  id: string,
): { appId: number; minute: number; instanceId: number; index: number } | undefined {
  const parts = id.split('-');
  if (parts.length !== 4 || parts.some((p) => !/^[0-9a-z]{1,12}$/.test(p))) {
    return undefined;
  }
  const [appId, minute, instanceId, index] = parts.map((p) => parseInt(p, 36));
  return { appId, minute, instanceId, index };
}

/** Keeps `keep` of `n` items spread evenly, as a reservoir would keep a fair share of the minute. */
function spread(n: number, keep: number): Set<number> {
  const kept = new Set<number>();
  for (let k = 0; k < Math.min(n, keep); k++) {
    kept.add(Math.floor((k * n) / Math.min(n, keep)));
  }
  return kept;
}

/**
 * Every error occurrence of `app` in `minute` in each instance's order: all of them, or only those the
 * agent kept as events or as traces (cheaper: a query reads only those).
 */
export function errorOccurrences(
  dataset: Dataset,
  app: SimApp,
  minute: number,
  only?: 'sampled' | 'traced',
): ErrorOccurrence[] {
  if (!app.reporting || app.instanceIds.length === 0) {
    return [];
  }
  const seed = dataset.seed;
  const m = minuteOf(seed, { kind: 'application', app }, minute);
  const split = transactionSplit(app, m);
  const counts: Array<{ metricName: string; errors: number; expected: number }> = [
    ...app.profile.transactions.map((t, i) => ({
      metricName: t.name,
      errors: split.web[i].errors,
      calls: split.web[i].calls,
    })),
    ...app.profile.background.map((b, i) => ({
      metricName: b.name,
      errors: split.background[i].errors,
      calls: split.background[i].calls,
    })),
  ].map((c, i) => ({
    metricName: c.metricName,
    errors: c.errors,
    expected: c.calls > c.errors && unit(seed, hashString(`expected:${app.id}`), minute, i) < EXPECTED_CHANCE ? 1 : 0,
  }));
  const instances = app.instanceIds.map((id) => dataset.instances.get(id)!);
  const shares = instances.map((inst) => dataset.hosts.get(inst.hostId)!.share * inst.share);
  const perInstance: Array<Array<{ metricName: string; expected: boolean }>> = instances.map(() => []);
  for (const c of counts) {
    const unexpected = shareOut(c.errors, shares);
    const expected = shareOut(c.expected, shares);
    instances.forEach((_, k) => {
      for (let j = 0; j < unexpected[k]; j++) {
        perInstance[k].push({ metricName: c.metricName, expected: false });
      }
      for (let j = 0; j < expected[k]; j++) {
        perInstance[k].push({ metricName: c.metricName, expected: true });
      }
    });
  }
  const key = hashString(`errors:${app.id}`);
  const out: ErrorOccurrence[] = [];
  instances.forEach((instance, k) => {
    const list = perInstance[k];
    const host = dataset.hosts.get(instance.hostId)!.name;
    const sampled = spread(list.length, MAX_ERROR_EVENTS_PER_MINUTE);
    const traced = spread(list.length, MAX_ERROR_TRACES_PER_MINUTE);
    list.forEach((o, index) => {
      if ((only === 'sampled' && !sampled.has(index)) || (only === 'traced' && !traced.has(index))) {
        return;
      }
      const u = unit(seed, key ^ instance.id, minute, index);
      const kinds = kindsOf(app, o.metricName);
      // A story shift's added errors (all but 1 in `errors`) are its new class (demoStory.ts).
      const shift = o.expected ? undefined : m.shifts?.get(o.metricName);
      const added =
        shift?.newErrorKind && unit(seed, key ^ instance.id, minute, index + 104_729) < 1 - 1 / shift.errors;
      const kind = added ? shift.newErrorKind! : kinds[u < 0.6 ? 0 : 1];
      const hazard = dataset.names === 'test' && unit(seed, key, minute, index + 7919) < HAZARD_CHANCE;
      out.push({
        app,
        id: occurrenceId(app, minute, instance.id, index),
        metricName: o.metricName,
        transactionName: eventTransactionName(o.metricName),
        kind,
        message: hazard ? HAZARD_MESSAGES[index % HAZARD_MESSAGES.length] : kind.message,
        expected: o.expected,
        instanceId: instance.id,
        host,
        timestamp: minute * 60_000 + Math.floor(((index + 0.5) / list.length) * 60_000),
        sampled: sampled.has(index),
        traced: traced.has(index),
      });
    });
  });
  return out;
}

/** A `request.uri` for a web transaction: its label's words as a path (`Orders show` → `/orders/show`). */
export function requestUriOf(app: SimApp, metricName: string): string | undefined {
  if (!isWebTransaction(metricName)) {
    return undefined;
  }
  const t = app.profile.transactions.find((x) => x.name === metricName);
  return t ? `/${t.label.toLowerCase().split(/\s+/).map(encodeURIComponent).join('/')}` : '/';
}
