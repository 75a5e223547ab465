/**
 * Which backend a connection speaks. `auto` uses REST v2 until it is retired: the clock has reached its end of
 * life (the service's notice; the day itself counts as retired), or the REST host answered `410 Gone`. No
 * public source says how a retired v2 answers (docs/service.md#regions-and-keys); 410 is HTTP's status for a
 * resource removed for good (RFC 9110, 15.5.11). A 404 is not "gone": it also means a deleted application or a
 * wrong base URL. The answer is remembered per origin for the window's life.
 */
import { isApiError } from './apiError';

export type BackendSetting = 'auto' | 'restV2' | 'nerdGraph';
export type Backend = 'restV2' | 'nerdGraph';

export const BACKEND_SETTINGS: readonly BackendSetting[] = ['auto', 'restV2', 'nerdGraph'];

/** What views show: the view description and the status-bar tooltip. */
export const BACKEND_LABELS: Readonly<Record<Backend, string>> = {
  restV2: 'REST v2',
  nerdGraph: 'NerdGraph',
};

export const REST_V2_END_OF_LIFE = new Date(Date.UTC(2027, 6, 31));

export type DecisionReason =
  /** `timeslice.backend` names the backend. */
  | 'setting'
  /** `auto`, before the end of life. */
  | 'beforeEndOfLife'
  /** `auto`, on or after the end of life. */
  | 'endOfLife'
  /** `auto`, and the REST host answered 410 Gone. */
  | 'restGone';

export interface BackendDecision {
  backend: Backend;
  reason: DecisionReason;
}

export function parseBackendSetting(value: unknown): BackendSetting {
  return (BACKEND_SETTINGS as readonly unknown[]).includes(value) ? (value as BackendSetting) : 'auto';
}

export function chooseBackend(setting: BackendSetting, now: Date, restGone: boolean): BackendDecision {
  if (setting !== 'auto') {
    return { backend: setting, reason: 'setting' };
  }
  if (now.getTime() >= REST_V2_END_OF_LIFE.getTime()) {
    return { backend: 'nerdGraph', reason: 'endOfLife' };
  }
  return restGone ? { backend: 'nerdGraph', reason: 'restGone' } : { backend: 'restV2', reason: 'beforeEndOfLife' };
}

export function describeDecision(d: BackendDecision): string {
  switch (d.reason) {
    case 'setting':
      return `${BACKEND_LABELS[d.backend]} (set by "timeslice.backend")`;
    case 'beforeEndOfLife':
      return 'REST v2 (automatic: until its end of life on 31 July 2027)';
    case 'endOfLife':
      return 'NerdGraph (automatic: REST v2 reached its end of life on 31 July 2027)';
    case 'restGone':
      return 'NerdGraph (automatic: the REST v2 host answered 410 Gone)';
  }
}

export function isRestGoneAnswer(e: unknown): boolean {
  return isApiError(e) && e.status === 410;
}

/** Whether the one-time end-of-life notice is due for this connection: a real one speaking REST v2. */
export function shouldShowEndOfLifeNotice(
  connection: { backend: Backend; demo: boolean } | undefined,
  alreadyShown: boolean,
  quiet: boolean,
): boolean {
  return !alreadyShown && !quiet && connection !== undefined && !connection.demo && connection.backend === 'restV2';
}

/** The setting is read when asked and the clock injected; `onDidChange` fires when a new "gone" changes a decision. */
export class BackendSelector {
  private readonly gone = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  decide(setting: BackendSetting, origin: string): BackendDecision {
    return chooseBackend(setting, this.now(), this.gone.has(origin));
  }

  /** Records that REST v2 at `origin` is gone; tells listeners the first time only. */
  markRestGone(origin: string): void {
    if (this.gone.has(origin)) {
      return;
    }
    this.gone.add(origin);
    for (const listener of [...this.listeners]) {
      listener();
    }
  }

  isRestGone(origin: string): boolean {
    return this.gone.has(origin);
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }
}
