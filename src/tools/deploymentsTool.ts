import { RECENT_DEPLOYMENT_DAYS } from '../api/deployments';
import { deploymentMarker } from '../panels/panelDeployments';
import { changeSince } from '../status/boundDeployment';
import { answer, describeWindow } from './toolAnswer';
import { APPLICATION_FIELDS, applicationRef, inputObject, optionalInteger } from './toolInput';
import { deploymentRow, UNITS_NOTE } from './toolRows';
import { resolveApplication } from './toolTarget';
import type { TimesliceTool } from './toolTypes';

export const MAX_DEPLOYMENTS = 30;
/** The change is measured for the newest this many: one metric-data request each. */
export const MEASURED_DEPLOYMENTS = 5;
/** The widest look back, in days: the service keeps change tracking 13 months, the answer stays small. */
const MAX_DAYS = 90;

export const deploymentsTool: TimesliceTool = {
  name: 'timeslice_deployments',
  async run(input, ctx) {
    const fields = inputObject(input, [...APPLICATION_FIELDS, 'days']);
    const days = optionalInteger(fields, 'days', 1, MAX_DAYS) ?? RECENT_DEPLOYMENT_DAYS;
    const app = await resolveApplication(applicationRef(fields), ctx);
    const now = ctx.now();
    const from = now - days * 86_400_000;
    const list = await ctx.session.deployments.get(app.id, { from: new Date(from), to: new Date(now) }, ctx.signal);
    const changes = await Promise.all(
      list
        .slice(0, MEASURED_DEPLOYMENTS)
        .map(async (d) => (await changeSince({ api: ctx.session.api }, app.id, deploymentMarker(d), now)) ?? null),
    );
    return answer({
      heading: `Deployments of application ${app.id}, newest first`,
      range: describeWindow(from, now),
      notes: [
        `change: equal windows (up to 3 h) before and after, for the newest ${MEASURED_DEPLOYMENTS}; the figures that moved beyond their threshold, else the response time.`,
        UNITS_NOTE,
      ],
      key: 'deployments',
      rows: list.map((d, i) => deploymentRow(d, changes[i])),
      maxRows: MAX_DEPLOYMENTS,
      narrowHint: 'give fewer "days"',
    });
  },
};
