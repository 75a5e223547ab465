import { answer } from './toolAnswer';
import { APPLICATION_FIELDS, applicationRef, inputObject, ToolInputError } from './toolInput';
import { alertRow } from './toolRows';
import { resolveApplication } from './toolTarget';
import type { TimesliceTool } from './toolTypes';

export const MAX_ALERTS = 50;

export const openAlertsTool: TimesliceTool = {
  name: 'timeslice_open_alerts',
  async run(input, ctx) {
    const fields = inputObject(input, [...APPLICATION_FIELDS]);
    const ref = applicationRef(fields);
    const ids =
      'bound' in ref
        ? [
            ...new Set(
              ctx.bindings
                .all()
                .map((fb) => fb.binding)
                .filter((b) => b.region === ctx.region)
                .map((b) => b.id),
            ),
          ]
        : [(await resolveApplication(ref, ctx)).id];
    if (ids.length === 0) {
      throw new ToolInputError(
        'No workspace folder is bound to an application of this connection: give "application" or "applicationId".',
      );
    }
    const alerts = (await Promise.all(ids.map((id) => ctx.session.openAlerts.get(id, ctx.signal)))).flat();
    alerts.sort((a, b) => b.openedAt - a.openedAt);
    return answer({
      heading: `Open alerts of application${ids.length > 1 ? 's' : ''} ${ids.join(', ')}, newest first`,
      range: 'open now (opened in the last 30 days)',
      key: 'alerts',
      rows: alerts.map(alertRow),
      maxRows: MAX_ALERTS,
      narrowHint: 'give "applicationId" for one application',
    });
  },
};
