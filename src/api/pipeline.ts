// What every request passes through besides HTTP, as layers the transport applies in one place (transport.ts),
// so a new concern is one more layer rather than one more wrapper around the API.
import { isRestGoneAnswer } from './backendChoice';
import type { ApiError } from './apiError';
import type { LimiterRegistry } from './limiter';

export interface PipelineRequest {
  /** The origin the request goes to and the key it carries: whose per-key limits it counts in. */
  readonly origin: string;
  readonly key: string;
  readonly signal: AbortSignal | undefined;
}

/** Every hook is optional; the transport calls them in the order the layers were given. */
export interface RequestLayer {
  /** Once per request, before anything else: the signal the request (its tries and waits) runs under. */
  bind?(signal: AbortSignal | undefined): AbortSignal | undefined;
  /** Before each try (a retry is a new try; the waits between them are not): waits for room, returns what frees it. */
  enter?(request: PipelineRequest): Promise<() => void>;
  /** The error a request ends with, after its retries, before its caller sees it. */
  failed?(error: ApiError): void;
}

/** The caller's signal joined with `session`'s: closing the session cancels everything it started. */
export function sessionSignal(session: AbortSignal): RequestLayer {
  return { bind: (signal) => (signal ? AbortSignal.any([signal, session]) : session) };
}

/** Tells `pause` how long when a request fails because of a rate limit that names its wait. */
export function rateLimitObserver(pause: (ms: number) => void): RequestLayer {
  return {
    failed: (error) => {
      if (error.kind === 'rateLimited' && error.retryAfterMs !== undefined) {
        pause(error.retryAfterMs);
      }
    },
  };
}

/** Tells `onGone` when a request fails with REST's 410 Gone (backendChoice.ts). */
export function restGoneWatch(onGone: () => void): RequestLayer {
  return {
    failed: (error) => {
      if (isRestGoneAnswer(error)) {
        onGone();
      }
    },
  };
}

export function perKeyLimiter(limiters: LimiterRegistry): RequestLayer {
  return { enter: (request) => limiters.limiterFor(request.origin, request.key).acquire(request.signal) };
}

export class Pipeline {
  constructor(private readonly layers: readonly RequestLayer[]) {}

  bind(signal: AbortSignal | undefined): AbortSignal | undefined {
    return this.layers.reduce((s, layer) => (layer.bind ? layer.bind(s) : s), signal);
  }

  /** Enters every layer in order; the function returned leaves them in reverse order. */
  async enter(request: PipelineRequest): Promise<() => void> {
    const leave: Array<() => void> = [];
    const leaveAll = () =>
      leave
        .splice(0)
        .reverse()
        .forEach((l) => l());
    try {
      for (const layer of this.layers) {
        if (layer.enter) {
          leave.push(await layer.enter(request));
        }
      }
    } catch (e) {
      leaveAll();
      throw e;
    }
    return leaveAll;
  }

  failed(error: ApiError): ApiError {
    for (const layer of this.layers) {
      layer.failed?.(error);
    }
    return error;
  }
}
