/** `timeslice_applications`: the account's applications with the tree's figures (the service's rolling summary). */
import { answer, foreign } from './toolAnswer';
import { inputObject, optionalText } from './toolInput';
import { applicationRow, UNITS_NOTE } from './toolRows';
import type { TimesliceTool } from './toolTypes';

/** At most this many applications in one answer (an account may have thousands). */
export const MAX_APPLICATIONS = 100;

export const applicationsTool: TimesliceTool = {
  name: 'timeslice_applications',
  async run(input, ctx) {
    const filter = optionalText(inputObject(input, ['nameFilter']), 'nameFilter');
    const apps = await ctx.session.api.listApplications(filter ? { name: filter } : {}, { signal: ctx.signal });
    return answer({
      heading: filter ? 'Applications whose name contains "nameFilter"' : 'Applications of the account',
      range: "the service's rolling summary of the last 3-4 minutes",
      notes: [UNITS_NOTE],
      key: 'applications',
      rows: apps.map(applicationRow),
      maxRows: MAX_APPLICATIONS,
      narrowHint: 'give "nameFilter" to narrow',
      // The filter as given is foreign text too: only inside the JSON, under the data notice.
      ...(filter ? { extra: { nameFilter: foreign(filter) } } : {}),
    });
  },
};
