// The webview's side of the typed protocol: only messages that pass `isToWebview` are handed on.
import type { FromWebview, PanelState, ToWebview } from '../../src/panels/protocol';
import { isPanelState } from '../../src/panels/protocol';
import { isToWebview } from '../../src/panels/toWebviewGuard';

/** What VS Code injects into a webview (callable once per page). */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface Messaging {
  post(message: FromWebview): void;
  onMessage(handler: (message: ToWebview) => void): () => void;
  /** The state saved before a reload, if it is still a valid PanelState. */
  getState(): PanelState | undefined;
  setState(state: PanelState): void;
}

export function createMessaging(api: VsCodeApi = acquireVsCodeApi(), target: Window = window): Messaging {
  return {
    post: (message) => api.postMessage(message),
    onMessage(handler) {
      // Messages are untrusted until the guard says otherwise; anything else on the window
      // (other frames, extensions of the browser in a dev page) is ignored.
      const listener = (event: MessageEvent<unknown>) => {
        if (isToWebview(event.data)) {
          handler(event.data);
        }
      };
      target.addEventListener('message', listener);
      return () => target.removeEventListener('message', listener);
    },
    getState() {
      const state = api.getState();
      return isPanelState(state) ? state : undefined;
    },
    setState: (state) => api.setState(state),
  };
}
