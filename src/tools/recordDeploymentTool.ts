// The one tool that writes: off unless the user allows it (a user setting a workspace cannot set), and
// the call writes exactly what VS Code's confirmation showed (confirmedWrites.ts).
import * as l10n from '@vscode/l10n';

import { MAX_REVISION_LENGTH } from '../api/deployments';
import { deploymentConfirmation, MAX_DESCRIPTION_LENGTH } from '../commands/deploymentConfirmation';
import { deploymentRow } from './toolRows';
import { recordAnswer } from './toolAnswer';
import { APPLICATION_FIELDS, applicationRef, inputObject, shownText, ToolInputError } from './toolInput';
import { resolveApplication } from './toolTarget';
import type { WriteTool } from './toolTypes';

export const DEPLOYMENTS_OFF =
  'Recording deployments is switched off: the user can allow it with the setting timeslice.tools.allowDeployments.';

export const recordDeploymentTool: WriteTool = {
  name: 'timeslice_record_deployment',
  async prepare(input, ctx) {
    if (!ctx.deploymentsAllowed) {
      throw new ToolInputError(DEPLOYMENTS_OFF);
    }
    const fields = inputObject(input, [...APPLICATION_FIELDS, 'revision', 'description']);
    const revision = shownText(fields, 'revision', MAX_REVISION_LENGTH);
    if (!revision) {
      throw new ToolInputError(`Give "revision": the revision deployed, at most ${MAX_REVISION_LENGTH} characters.`);
    }
    const description = shownText(fields, 'description', MAX_DESCRIPTION_LENGTH, true);
    const app = await resolveApplication(applicationRef(fields), ctx);
    const { session } = ctx;
    return {
      confirmation: {
        title: l10n.t('Record a deployment?'),
        message: deploymentConfirmation({
          revision,
          description,
          applicationName: app.name,
          connectionLabel: session.label,
          accountId: session.spec.accountId,
          backendLabel: session.backendLabel,
        }),
      },
      async write(call) {
        const stored = await session.api.recordDeployment(app.id, { revision, description }, { signal: call.signal });
        call.afterWrite(app.id);
        return recordAnswer({
          heading: `Deployment recorded on application ${app.id}`,
          record: { deployment: deploymentRow(stored) },
        });
      },
    };
  },
};
