/**
 * The named thresholds of "what moved at a deployment" (docs/impact.md#thresholds): when a transaction's
 * change across a deployment counts, and how many calls a window needs before it may decide anything.
 * One place, so the evidence each row carries names the same numbers the docs list.
 */

/**
 * Calls a transaction needs in each window before its row gets a verdict. Below it one slow call or one
 * error moves the average or the rate past every floor here (a 3-call minute decides nothing); 50 calls
 * is a transaction at about one call a minute over the default hour.
 */
export const MIN_CALLS_PER_WINDOW = 50;

/**
 * Time consumed per minute (call-weighted response time × throughput) must change by this fraction of
 * its value before. Sentry's endpoint-regression detector asks 15 % of a p95; a sum over a window is
 * steadier than a percentile, so 20 % leaves hourly noise out.
 */
export const TIME_RELATIVE_FLOOR = 0.2;

/**
 * …and by at least this many milliseconds of server time per minute: one second a minute is under 2 % of
 * one worker's time, so a transaction that small cannot be what made an application slow.
 */
export const TIME_ABSOLUTE_FLOOR_MS_PER_MINUTE = 1_000;

/**
 * …with the average response time moving the same way by this fraction: time consumed also grows with
 * traffic, and more calls after a deployment is not the deployment making each call slower.
 */
export const AVERAGE_RELATIVE_FLOOR = 0.1;

/** The error rate must change by at least this many percentage points. */
export const ERROR_RATE_FLOOR_POINTS = 1;

/**
 * …and by at least this many standard errors of the two rates (a two-proportion z test, pooled): with 50
 * calls a window, two errors more would pass the points floor alone.
 */
export const ERROR_RATE_MIN_Z = 3;

/** Apdex must move by this much (on its 0–1 scale): the service's own Apdex colours are bands of 0.05 to 0.15. */
export const APDEX_FLOOR = 0.05;

/**
 * An application's verdict other than "worse" rests on rows with enough calls that held at least this share
 * of its time consumed before the deployment: "unchanged" claims the whole application, so what was not
 * checked must not be most of it. "Worse" needs only one row that moved the wrong way.
 */
export const VERDICT_MIN_TIME_COVERAGE = 0.5;

/**
 * The longest window on each side of a deployment. An hour gives most transactions enough calls and rarely
 * reaches back to the previous deployment; the windows are clipped to the deployments beside this one.
 */
export const DEFAULT_IMPACT_WINDOW_MINUTES = 60;
