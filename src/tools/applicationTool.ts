import { transactionWindow } from '../api/transactionStats';
import { DASHBOARD } from '../panels/catalogue';
import { loadChartSet } from '../panels/loaders/chartSet';
import { deploymentMarker } from '../panels/panelDeployments';
import { resolvePanelRange } from '../panels/panelRange';
import { DEFAULT_APDEX_T, windowSummary } from '../panels/windowSummary';
import { changeSince } from '../status/boundDeployment';
import { describeWindow, recordAnswer } from './toolAnswer';
import { APPLICATION_FIELDS, applicationRef, inputObject, rangeMinutes } from './toolInput';
import { alertRow, applicationRow, deploymentRow, summaryRow, UNITS_NOTE } from './toolRows';
import { resolveApplication } from './toolTarget';
import type { TimesliceTool } from './toolTypes';

export const DEFAULT_APPLICATION_MINUTES = 60;
/** Open alerts in the record; timeslice_open_alerts lists them all. */
const MAX_RECORD_ALERTS = 10;

export const applicationTool: TimesliceTool = {
  name: 'timeslice_application',
  async run(input, ctx) {
    const fields = inputObject(input, [...APPLICATION_FIELDS, 'minutes']);
    const minutes = rangeMinutes(fields, DEFAULT_APPLICATION_MINUTES);
    const app = await resolveApplication(applicationRef(fields), ctx);
    const now = ctx.now();
    const window = transactionWindow(now, minutes);
    const range = resolvePanelRange(
      {
        preset: 'custom',
        from: new Date(window.from).toISOString(),
        to: new Date(window.to).toISOString(),
        compare: 'none',
      },
      new Date(now),
    );
    const scope = { kind: 'application', applicationId: app.id } as const;
    const [{ data }, alerts, last] = await Promise.all([
      loadChartSet({ api: ctx.session.api, signal: ctx.signal }, scope, DASHBOARD, range),
      ctx.session.openAlerts.get(app.id, ctx.signal),
      ctx.session.deployments.latest(app.id, ctx.signal),
    ]);
    const overRange = windowSummary(
      data,
      range.requested,
      app.summary?.apdexTarget ?? app.settings.appApdexThreshold ?? DEFAULT_APDEX_T,
    );
    const change = last && ((await changeSince({ api: ctx.session.api }, app.id, deploymentMarker(last), now)) ?? null);
    return recordAnswer({
      heading: `Application ${app.id}`,
      range: `${describeWindow(window.from, window.to)} for "overRange"; "now" is the service's rolling 3-4 minute summary`,
      notes: [
        UNITS_NOTE,
        'lastDeployment.change compares equal windows (up to 3 h) before and after it, as the dashboard does.',
      ],
      record: {
        now: applicationRow(app),
        overRange: overRange ? summaryRow(overRange) : 'no web calls in the range',
        lastDeployment: last ? deploymentRow(last, change) : 'none recorded',
        openAlerts: alerts.slice(0, MAX_RECORD_ALERTS).map(alertRow),
        moreOpenAlerts: Math.max(0, alerts.length - MAX_RECORD_ALERTS),
      },
    });
  },
};
