/**
 * `timeslice_record_deployment`: the one tool that writes. Off unless the user allows it
 * (`timeslice.tools.allowDeployments`, a user setting a workspace cannot set); when allowed, VS Code shows
 * Record Deployment's own confirmation (application, account, revision) before the write runs, and the
 * write is the command's: one request, then the views drop what they hold of the application.
 */
import * as l10n from '@vscode/l10n';

import { MAX_REVISION_LENGTH } from '../api/deployments';
import { deploymentConfirmation } from '../commands/deploymentConfirmation';
import { deploymentRow } from './toolRows';
import { recordAnswer } from './toolAnswer';
import { APPLICATION_FIELDS, applicationRef, inputObject, optionalText, ToolInputError } from './toolInput';
import { resolveApplication } from './toolTarget';
import type { TimesliceTool, ToolContext } from './toolTypes';

/** A description longer than this is refused (the service keeps descriptions short; the marker shows it). */
export const MAX_DESCRIPTION_LENGTH = 1000;

/** The sentence while the setting is off. */
export const DEPLOYMENTS_OFF =
  'Recording deployments is switched off: the user can allow it with the setting timeslice.tools.allowDeployments.';

async function readInput(input: unknown, ctx: ToolContext) {
  const fields = inputObject(input, [...APPLICATION_FIELDS, 'revision', 'description']);
  const revision = optionalText(fields, 'revision', MAX_REVISION_LENGTH);
  if (!revision) {
    throw new ToolInputError(`Give "revision": the revision deployed, at most ${MAX_REVISION_LENGTH} characters.`);
  }
  const description = optionalText(fields, 'description', MAX_DESCRIPTION_LENGTH);
  const app = await resolveApplication(applicationRef(fields), ctx);
  return { revision, description, app };
}

export const recordDeploymentTool: TimesliceTool = {
  name: 'timeslice_record_deployment',
  async confirmation(input, ctx) {
    if (!ctx.deploymentsAllowed) {
      return undefined;
    }
    const { revision, app } = await readInput(input, ctx);
    const conn = ctx.session;
    return {
      title: l10n.t('Record a deployment?'),
      message: deploymentConfirmation({
        revision,
        applicationName: app.name,
        connectionLabel: conn.label,
        accountId: conn.spec.accountId,
        backendLabel: conn.backendLabel,
      }),
    };
  },
  async run(input, ctx) {
    if (!ctx.deploymentsAllowed) {
      throw new ToolInputError(DEPLOYMENTS_OFF);
    }
    const { revision, description, app } = await readInput(input, ctx);
    const stored = await ctx.session.api.recordDeployment(app.id, { revision, description }, { signal: ctx.signal });
    ctx.afterWrite(app.id);
    return recordAnswer({
      heading: `Deployment recorded on application ${app.id}`,
      record: { deployment: deploymentRow(stored) },
    });
  },
};
