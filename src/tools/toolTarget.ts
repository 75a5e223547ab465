/**
 * The application a tool call is about: by id (one record read), by name (the service's name filter,
 * then only the exact name, case-insensitive: "checkout" is not `checkout-v2`), or the application the workspace's active folder is bound to (the status bar's,
 * from the bound applications' poller when it holds it). Unknown names and ids become a sentence.
 */
import { isApiError } from '../api/apiError';
import { foreign } from './toolAnswer';
import type { Application } from '../api/types';
import type { ApplicationRef } from './toolInput';
import { ToolInputError } from './toolInput';
import type { ToolContext } from './toolTypes';

/** How many candidates a refused name lists (the rest are counted). */
export const MAX_CANDIDATES = 10;

/** An application named exactly `name` (case-insensitive), or a refusal that lists the candidates as data. */
export function exactlyNamed(name: string, found: readonly Application[]): Application {
  const wanted = name.toLowerCase();
  const exact = found.filter((a) => a.name.toLowerCase() === wanted);
  if (exact.length === 1) {
    return exact[0];
  }
  const listed = exact.length > 1 ? exact : found;
  const data = {
    given: foreign(name),
    candidates: listed.slice(0, MAX_CANDIDATES).map((a) => ({ id: a.id, name: foreign(a.name) })),
    more: Math.max(0, listed.length - MAX_CANDIDATES),
  };
  throw new ToolInputError(
    exact.length > 1
      ? `${exact.length} applications have the name given in "application": give "applicationId", one of the candidates' ids.`
      : found.length === 0
        ? 'No application of this account has the name given in "application" (an id goes in "applicationId"): list them with timeslice_applications.'
        : `No application has exactly the name given in "application", ${found.length} ${found.length === 1 ? 'contains' : 'contain'} it: give "applicationId" or the exact name of one of the candidates.`,
    data,
  );
}

export async function resolveApplication(ref: ApplicationRef, ctx: ToolContext): Promise<Application> {
  const { api } = ctx.session;
  if ('id' in ref) {
    try {
      return await api.getApplication(ref.id, { signal: ctx.signal });
    } catch (e) {
      if (isApiError(e) && e.kind === 'notFound') {
        throw new ToolInputError(
          `No application with id ${ref.id} in this account: list them with timeslice_applications.`,
        );
      }
      throw e;
    }
  }
  if ('name' in ref) {
    return exactlyNamed(ref.name, await api.listApplications({ name: ref.name }, { signal: ctx.signal }));
  }
  const bound = ctx.bindings.active()?.binding;
  if (!bound) {
    throw new ToolInputError(
      'No workspace folder is bound to an application: give "application" or "applicationId", or bind the folder (Timeslice: Bind Workspace to Application).',
    );
  }
  if (bound.region !== ctx.region) {
    throw new ToolInputError(
      `The workspace is bound to an application of another region (${bound.region}) than the connection's (${ctx.region}): switch region, or give "applicationId".`,
    );
  }
  return ctx.poller.snapshot(bound)?.app ?? resolveApplication({ id: bound.id }, ctx);
}
