/**
 * The application a tool call is about: by id (one record read), by name (the service's name filter,
 * then the exact name), or the application the workspace's active folder is bound to (the status bar's,
 * from the bound applications' poller when it holds it). Unknown names and ids become a sentence.
 */
import { isApiError } from '../api/errors';
import { foreign } from './toolAnswer';
import type { Application } from '../api/types';
import type { ApplicationRef } from './toolInput';
import { ToolInputError } from './toolInput';
import type { ToolContext } from './toolTypes';

/** How many near names a refused name lists. */
const NEAR_NAMES = 5;

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
    const found = await api.listApplications({ name: ref.name }, { signal: ctx.signal });
    const exact = found.filter((a) => a.name.toLowerCase() === ref.name.toLowerCase());
    if (exact.length === 1 || (exact.length === 0 && found.length === 1)) {
      return exact[0] ?? found[0];
    }
    if (found.length === 0) {
      throw new ToolInputError(
        `No application named ${JSON.stringify(foreign(ref.name))} in this account: list them with timeslice_applications.`,
      );
    }
    const near = (exact.length > 1 ? exact : found).slice(0, NEAR_NAMES).map((a) => ({ id: a.id, name: a.name }));
    throw new ToolInputError(
      `${JSON.stringify(foreign(ref.name))} matches ${found.length} applications; give "applicationId", one of: ${JSON.stringify(near)}.`,
    );
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
