// NerdGraph's agent instances shaped as REST's models (docs/service.md#hosts-and-instances); the requests are nerdGraphApi.ts's.
import * as l10n from '@vscode/l10n';

import { ApiError } from '../apiError';
import { SharedRequest } from '../sharedRequest';
import type { ApplicationSummary, Host, Instance, KeyTransaction, RequestOptions } from '../types';
import type { Fields } from './entities';
import {
  asNumber,
  asRecord,
  asString,
  healthOf,
  hostIdFor,
  keyTransactionIdFrom,
  summaryFrom,
  summaryNames,
} from './entities';
import { componentsNrql } from './metricQueries';

/** `value`, or a notFound error with `message` (NerdGraph lists only indexed entities: the view offers a refresh). */
export function foundOr<T>(value: T | undefined, message: string): T {
  if (value === undefined) {
    throw new ApiError('notFound', message);
  }
  return value;
}

/** NerdGraph has no host ids (ours come from the name), so a restored panel's id alone fetches the instances. */
export class HostNames {
  private readonly names = new Map<string, string>();
  private readonly lookups = new Map<number, SharedRequest<void>>();

  remember(applicationId: number, host: string): void {
    this.names.set(`${applicationId}:${hostIdFor(host)}`, host);
  }

  /** `options.signal` ends only this caller's wait: the lookup is shared (sharedRequest.ts). */
  async nameOf(
    applicationId: number,
    hostId: number,
    lookup: (options: RequestOptions) => Promise<Fields[]>,
    options?: RequestOptions,
  ): Promise<string> {
    const key = `${applicationId}:${hostId}`;
    let name = this.names.get(key);
    if (name === undefined) {
      // One lookup per application at a time: a panel's concurrent requests share it.
      let pending = this.lookups.get(applicationId);
      if (!pending || pending.abandoned) {
        const current = new SharedRequest(async (signal) => {
          for (const d of await lookup({ ...options, signal })) {
            this.remember(applicationId, asString(d.host) ?? '');
          }
        });
        pending = current;
        this.lookups.set(applicationId, current);
        const done = () => {
          if (this.lookups.get(applicationId) === current) {
            this.lookups.delete(applicationId);
          }
        };
        current.outcome.then(done, done);
      }
      await pending.wait(options?.signal);
      name = this.names.get(key);
    }
    return foundOr(
      name,
      l10n.t('Host {0} of application {1} was not found through NerdGraph: refresh the view.', hostId, applicationId),
    );
  }
}

export function instanceDetails(entity: unknown, applicationId: number): Fields[] {
  if (entity === null || entity === undefined) {
    throw new ApiError(
      'notFound',
      l10n.t('Application {0} was not found through NerdGraph: refresh the view.', applicationId),
    );
  }
  const instances = asRecord(entity).applicationInstances;
  return (Array.isArray(instances) ? instances : []).map((i) => asRecord(asRecord(i).details));
}

export function summariesByFacet(rows: unknown, minutes: number): Map<string, ApplicationSummary> {
  const byFacet = new Map<string, Map<string, Fields>>();
  for (const row of (Array.isArray(rows) ? rows : []).map(asRecord)) {
    const [key, name] = Array.isArray(row.facet) ? row.facet.map(String) : [];
    if (key !== undefined && name !== undefined) {
      const m = byFacet.get(key) ?? new Map<string, Fields>();
      m.set(name, row);
      byFacet.set(key, m);
    }
  }
  const summaries = new Map<string, ApplicationSummary>();
  for (const [key, m] of byFacet) {
    summaries.set(key, summaryFrom(m, undefined, minutes));
  }
  return summaries;
}

export function hostsFrom(
  details: Fields[],
  summaries: Map<string, ApplicationSummary>,
  applicationId: number,
): Host[] {
  const hosts = new Map<string, Host>();
  for (const d of details) {
    const name = asString(d.host) ?? '';
    const host = hosts.get(name) ?? {
      // No health per host and no id of the service's: hosts are names (docs/service.md#hosts-and-instances).
      id: hostIdFor(name),
      localId: true,
      applicationName: asString(d.name) ?? '',
      host: name,
      language: asString(d.language) ?? '',
      summary: summaries.get(name),
      applicationId,
      instanceIds: [],
    };
    const instanceId = Number(d.id);
    if (Number.isSafeInteger(instanceId)) {
      host.instanceIds.push(instanceId);
    }
    hosts.set(name, host);
  }
  for (const h of hosts.values()) {
    if (h.summary) {
      h.summary.instanceCount = h.instanceIds.length;
    }
  }
  return [...hosts.values()];
}

export function instancesFrom(
  details: Fields[],
  summaries: Map<string, ApplicationSummary>,
  applicationId: number,
): Instance[] {
  const out: Instance[] = [];
  for (const d of details) {
    const id = Number(d.id);
    if (!Number.isSafeInteger(id)) {
      continue;
    }
    const port = /:(\d+)$/.exec(asString(d.instanceName) ?? '');
    const summary = summaries.get(String(id));
    out.push({
      id,
      applicationName: asString(d.name) ?? '',
      host: asString(d.host) ?? '',
      port: port ? Number(port[1]) : undefined,
      language: asString(d.language) ?? '',
      summary: summary ? { ...summary, instanceCount: 1 } : undefined,
      applicationId,
    });
  }
  return out;
}

export function keyTransactionDetails(
  details: unknown,
): Array<{ d: Fields; appId: number | undefined; metricName: string }> {
  return (Array.isArray(details) ? details : []).map(asRecord).map((d) => ({
    d,
    appId: asNumber(asRecord(asRecord(d.application).entity).applicationId),
    metricName: asString(d.metricName) ?? '',
  }));
}

export function keyTransactionFrom(
  kt: { d: Fields; appId: number | undefined; metricName: string },
  rowsByApp: Map<number, Map<string, Fields>>,
  minutes: number,
  idFromGuid: boolean,
): KeyTransaction {
  const { d, appId, metricName } = kt;
  const guid = asString(d.guid) ?? '';
  const rows = appId === undefined ? undefined : rowsByApp.get(appId);
  const summary = rows ? summaryFrom(rows, metricName, minutes) : undefined;
  if (summary) {
    summary.apdexTarget = asNumber(d.apdexTarget) ?? summary.apdexTarget;
  }
  return {
    id: keyTransactionIdFrom(guid, idFromGuid),
    name: asString(d.name) ?? '',
    transactionName: metricName,
    healthStatus: healthOf(d.reporting, d.alertSeverity),
    reporting: d.reporting !== false,
    summary: d.reporting === false ? undefined : summary,
    applicationId: appId,
    guid,
  };
}

/** Each key transaction's own transaction, Apdex and errors, never the application's (docs/service.md#key-transactions). */
export function keyTransactionSummaryQueries(
  kts: Array<{ appId: number | undefined; metricName: string }>,
  until: number,
  minutes: number,
): { apps: number[]; queries: string[] } {
  const apps = [...new Set(kts.map((k) => k.appId).filter((a): a is number => a !== undefined))];
  const queries = apps.map((appId) =>
    componentsNrql(
      appId,
      kts.filter((k) => k.appId === appId).flatMap((k) => summaryNames(k.metricName)),
      'metricTimesliceName',
      until,
      minutes,
    ),
  );
  return { apps, queries };
}
