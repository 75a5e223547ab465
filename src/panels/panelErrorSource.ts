import type { ErrorDetails, ErrorDetailsClient } from '../errors/errorDetails';
import type { PanelErrorSource } from './errorSource';
import type { FrameLocatorDeps } from './frameLocator';
import { locateFrames } from './frameLocator';

export interface PanelErrorSourceDeps extends FrameLocatorDeps {
  details: Pick<ErrorDetails, 'classes' | 'latestStack'>;
  client(): ErrorDetailsClient | undefined;
}

export function panelErrorSource(deps: PanelErrorSourceDeps): PanelErrorSource {
  return {
    classes: (app, range, signal) => deps.details.classes(app, range, signal),
    latestStack: (app, errorClass, transactionName, range, signal) =>
      deps.details.latestStack(app, errorClass, transactionName, range, signal),
    runNrql: (nrql, signal) => {
      const client = deps.client();
      return client ? client.runNrql(nrql, signal) : Promise.reject(new Error('No NerdGraph access.'));
    },
    locate: (app, frames) => locateFrames(deps, app, frames),
  };
}
