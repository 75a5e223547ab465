/** The named thresholds of what moved at a deployment, each with its reason (docs/impact.md#thresholds). */

/** Calls each window needs before a row gets a verdict: below it one slow call or one error passes every floor. */
export const MIN_CALLS_PER_WINDOW = 50;

/** Time consumed per minute must change by 20 %: Sentry asks 15 % of a p95, and a window's sum is steadier. */
export const TIME_RELATIVE_FLOOR = 0.2;

/** …and by one second of server time a minute: under 2 % of one worker, too small to make an application slow. */
export const TIME_ABSOLUTE_FLOOR_MS_PER_MINUTE = 1_000;

/** …with the average response time moving the same way by 10 %: more calls alone is traffic, not the deployment. */
export const AVERAGE_RELATIVE_FLOOR = 0.1;

/** The error rate must change by one percentage point… */
export const ERROR_RATE_FLOOR_POINTS = 1;

/** …and by three standard errors (two-proportion z test): two errors more in 50 calls would pass the points alone. */
export const ERROR_RATE_MIN_Z = 3;

/** Apdex must move by 0.05: a tenth of the calls going from satisfied to tolerating, or one in twenty to frustrated. */
export const APDEX_FLOOR = 0.05;

/**
 * A verdict other than "worse" needs rows with enough calls that held half the time consumed before: "unchanged"
 * speaks for the whole application. One row that moved the wrong way is enough for "worse".
 */
export const VERDICT_MIN_TIME_COVERAGE = 0.5;

/** The longest window on each side: most transactions get enough calls, and it rarely reaches the previous deployment. */
export const DEFAULT_IMPACT_WINDOW_MINUTES = 60;
