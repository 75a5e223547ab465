/**
 * Wire records (snake_case, as the real service sends them; docs/service.md#records) built from the data
 * set at a given moment. Summaries are rolling averages over the last minutes of the same series the
 * metric-data endpoint serves: 3 minutes for applications, hosts and instances, 10 for key transactions.
 */
import { APPLICATION_ERROR_RATE } from '../api/metrics';
import { formatApiTime } from '../api/timeRange';
import type { Dataset, SimApp, SimHost, SimInstance, SimKeyTransaction } from './dataset';
import type { MetricDef } from './metricCatalog';
import { metricCatalog, transactionApdexName, transactionErrorsName } from './metricCatalog';
import type { SimScope } from './minutes';
import { sliceValues } from './series';

type Wire = Record<string, unknown>;

const APP_WINDOW_MINUTES = 3;
const KEY_TRANSACTION_WINDOW_MINUTES = 10;

function def(app: SimApp, name: string): MetricDef | undefined {
  return metricCatalog(app).find((d) => d.name === name);
}

function summaryOf(
  seed: number,
  scope: SimScope,
  nowMinute: number,
  windowMinutes: number,
  transaction?: string,
): { app: Wire; endUser?: Wire } {
  const app = scope.app;
  // A key transaction's numbers are all its transaction's own: times, Apdex (`Apdex/<txn>`) and
  // errors (`Errors/<txn>`) over its calls (docs/service.md#key-transactions); NerdGraph's summary reads the same metrics.
  const apdexName = transaction ? transactionApdexName(transaction) : 'Apdex';
  const errorsName = transaction ? transactionErrorsName(transaction) : APPLICATION_ERROR_RATE.errors;
  // An application's error rate is over all its calls, web and background (APPLICATION_ERROR_RATE).
  const callNames: readonly string[] = transaction ? [transaction] : APPLICATION_ERROR_RATE.calls;
  const names = [
    ...APPLICATION_ERROR_RATE.calls,
    apdexName,
    errorsName,
    'EndUser',
    'EndUser/Apdex',
    ...(transaction ? [transaction] : []),
  ];
  const defs = names.map((n) => def(app, n)).filter((d): d is MetricDef => d !== undefined);
  const values = sliceValues(seed, scope, defs, nowMinute - windowMinutes, nowMinute);
  const by = new Map(defs.map((d, i) => [d.name, values[i]]));
  const web = by.get(transaction ?? 'HttpDispatcher')!;
  const calls = callNames.reduce((sum, n) => sum + (by.get(n)?.call_count ?? 0), 0);
  const summary: Wire = {
    response_time: web.average_response_time,
    throughput: web.requests_per_minute,
    error_rate: calls > 0 ? Math.round((by.get(errorsName)!.error_count / calls) * 10_000) / 10_000 : 0,
    apdex_target: app.profile.apdexT,
    apdex_score: by.get(apdexName)!.score,
  };
  const endUser = by.get('EndUser');
  const endUserApdex = by.get('EndUser/Apdex');
  return {
    app: summary,
    endUser:
      endUser && endUserApdex
        ? {
            // The browser side is in seconds, as on the real service.
            response_time: Math.round(endUser.average_response_time) / 1000,
            throughput: Math.round((endUser.call_count / windowMinutes) * 10) / 10,
            apdex_target: app.profile.endUserApdexT,
            apdex_score: endUserApdex.score,
          }
        : undefined,
  };
}

function lastReported(app: SimApp, now: Date): string | undefined {
  return app.lastReportedAgoSeconds === undefined
    ? undefined
    : formatApiTime(new Date(Math.floor(now.getTime() / 1000) * 1000 - app.lastReportedAgoSeconds * 1000));
}

export class RecordBuilder {
  constructor(
    private readonly dataset: Dataset,
    private readonly now: () => Date,
  ) {}

  private nowMinute(): number {
    return Math.floor(this.now().getTime() / 60_000);
  }

  application(app: SimApp): Wire {
    const record: Wire = {
      id: app.id,
      name: app.name,
      language: app.language,
      health_status: app.health,
      reporting: app.reporting,
    };
    const last = lastReported(app, this.now());
    if (last) {
      record.last_reported_at = last;
    }
    if (app.reporting) {
      const { app: summary, endUser } = summaryOf(
        this.dataset.seed,
        { kind: 'application', app },
        this.nowMinute(),
        APP_WINDOW_MINUTES,
      );
      record.application_summary = {
        ...summary,
        host_count: app.hostIds.length,
        instance_count: app.instanceIds.length,
        concurrent_instance_count: app.instanceIds.length,
      };
      if (endUser) {
        record.end_user_summary = endUser;
      }
    }
    record.settings = {
      app_apdex_threshold: app.profile.apdexT,
      end_user_apdex_threshold: app.profile.endUserApdexT,
      enable_real_user_monitoring: app.profile.realUserMonitoring,
      use_server_side_config: false,
    };
    const links: Wire = {
      application_instances: app.instanceIds,
      servers: app.serverIds,
      application_hosts: app.hostIds,
    };
    if (app.alertPolicyId !== undefined) {
      links.alert_policy = app.alertPolicyId;
    }
    record.links = links;
    return record;
  }

  host(host: SimHost): Wire {
    const app = this.dataset.appsById.get(host.appId)!;
    const { app: summary, endUser } = summaryOf(
      this.dataset.seed,
      { kind: 'host', app, host },
      this.nowMinute(),
      APP_WINDOW_MINUTES,
    );
    const record: Wire = {
      id: host.id,
      application_name: app.name,
      host: host.name,
      language: app.language,
      health_status: host.health,
      application_summary: { ...summary, instance_count: host.instanceIds.length },
    };
    if (endUser) {
      record.end_user_summary = endUser;
    }
    record.links = { application: app.id, application_instances: host.instanceIds, server: host.serverId };
    return record;
  }

  instance(instance: SimInstance): Wire {
    const app = this.dataset.appsById.get(instance.appId)!;
    const host = this.dataset.hosts.get(instance.hostId)!;
    const { app: summary, endUser } = summaryOf(
      this.dataset.seed,
      { kind: 'instance', app, host, instance },
      this.nowMinute(),
      APP_WINDOW_MINUTES,
    );
    const record: Wire = {
      id: instance.id,
      application_name: app.name,
      host: host.name,
      port: instance.port,
      language: app.language,
      health_status: instance.health,
      application_summary: { ...summary, instance_count: 1 },
    };
    if (endUser) {
      record.end_user_summary = endUser;
    }
    record.links = { application: app.id, application_host: host.id, server: instance.serverId };
    return record;
  }

  keyTransaction(kt: SimKeyTransaction): Wire {
    const app = this.dataset.appsById.get(kt.appId)!;
    const { app: summary } = summaryOf(
      this.dataset.seed,
      { kind: 'application', app },
      this.nowMinute(),
      KEY_TRANSACTION_WINDOW_MINUTES,
      kt.transactionName,
    );
    const record: Wire = {
      id: kt.id,
      name: kt.name,
      transaction_name: kt.transactionName,
      health_status: kt.health,
      reporting: app.reporting,
    };
    const last = lastReported(app, this.now());
    if (last) {
      record.last_reported_at = last;
    }
    record.application_summary = summary;
    record.links = { application: app.id };
    return record;
  }
}
