/**
 * `timeslice.showError`: the error panel of one class of one transaction, from an Errors row of the
 * tree, the transaction panel's error table or the diagnostics' code action. The argument is checked:
 * any extension or a command link could run this with anything.
 */
import { isShowErrorArgs } from '../errors/errorCommands';
import { errorText } from '../errors/errorText';
import { requireConnection } from '../palette/pickers';
import type { ErrorEntity } from '../panels/errorEntity';
import { isPanelEntity } from '../panels/protocol';
import type { Services } from '../services';
import { ErrorClassNode } from '../tree/errorNodes';

export function showError(services: Services) {
  return async (raw?: unknown): Promise<void> => {
    // A row's context menu passes the row itself.
    const args = raw instanceof ErrorClassNode ? raw.request : raw;
    if (!isShowErrorArgs(args)) {
      return;
    }
    const given = (args as { language?: unknown }).language;
    let language = typeof given === 'string' ? given : undefined;
    if (language === undefined) {
      // The agent's language picks the parser of its frames: from the record when the caller did not say.
      const conn = requireConnection(services.connections.current);
      if (!conn) {
        return;
      }
      language = (await conn.api.getApplication(args.applicationId)).language;
    }
    const entity: ErrorEntity = {
      kind: 'error',
      applicationId: args.applicationId,
      errorClass: args.errorClass,
      transactionName: args.transactionName,
      language,
      title: errorText(args.errorClass, 'class'),
    };
    // The same checks as a restored panel's (lengths): what no panel could come back with is not opened.
    if (isPanelEntity(entity)) {
      services.panels.show(entity);
    }
  };
}
