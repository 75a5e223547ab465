/**
 * The simulated deployments of every application: one model that REST v2 (`deployments.json`) and
 * NerdGraph (`deploymentSearch`, `changeTrackingCreateDeployment`) both read (docs/service.md#deployments).
 *
 * Generated deployments are a pure function of (seed, application, minute), like the minute model, so
 * any range can be asked for: each day has one deployment between 01:00 and 08:00 UTC and, on most days,
 * a second between 13:00 and 20:00 (on the data's clock: `SimApp.clockShift` minutes ahead of the real one), so two deployments are always at least 5 hours apart and a 3-hour
 * window before or after one holds no other. About one in four is **bad**: the application's server time
 * is `BAD_DEPLOYMENT_FACTOR` times higher from that deployment until the next one (the fix). minutes.ts
 * applies the factor in `minuteOf`, so every metric (response time, components, Apdex) agrees with it.
 * About one in five of the others is **failing**: its errors (web and background) are
 * `FAILING_DEPLOYMENT_ERROR_FACTOR` times as many until the next one, and its response time is unchanged.
 * Deployments recorded through either API are kept per data set and change no metric.
 */
import type { SimApp } from './dataset';
import { Dataset } from './dataset';
import { hashString, unit } from './random';

/** Server time after a bad deployment, relative to before it: +50 %. */
export const BAD_DEPLOYMENT_FACTOR = 1.5;
/** Errors after a failing deployment, relative to before it: three times as many (1 % becomes about 3 %). */
export const FAILING_DEPLOYMENT_ERROR_FACTOR = 3;
/** How far back the REST list reaches (the service keeps markers 13 months; the list is a month here). */
export const DEPLOYMENT_LIST_DAYS = 30;
/** The accounts' UTC offsets, in minutes: timestamps carry them, as the docs' sample does (`-08:00`). */
export const ACCOUNT_OFFSET_MINUTES = { us: -8 * 60, eu: 60 } as const;

const DAY = 1440;

export interface SimDeployment {
  id: number;
  appId: number;
  /** When, in ms since the epoch (a whole minute for generated ones). */
  at: number;
  revision: string;
  user: string;
  description: string;
  changelog: string;
  /** Generated and slowing the application down until the next one (simulator-only, never served). */
  bad: boolean;
  /** Generated and multiplying its errors until the next one (never bad too; simulator-only). */
  failing: boolean;
  /** Recorded through an API (not generated). */
  recorded: boolean;
  /** Recorded through NerdGraph: its commit, deployment type, deep link and group id. */
  commit?: string;
  deploymentType?: string;
  deepLink?: string;
  groupId?: string;
}

const USERS = ['mara.keller', 'jon@example.com', 'ci-bot', 'Priya Natarajan', 'deploy-pipeline'];
const DESCRIPTIONS = [
  'Release {v}',
  'Hotfix: retry on checkout timeouts',
  'Bump dependencies',
  'Feature flag cleanup',
  'Roll out new search ranking',
];
const CHANGES = [
  'Cache product pages for 60 s',
  'Add index on orders(customer_id)',
  'Upgrade HTTP client to 5.2',
  'Move image resizing to a worker',
  'Log slow queries over 500 ms',
  'Serialize carts with the new encoder',
];
/** The test data set's application whose deployments carry foreign text a client must show as text. */
const HOSTILE_APP_NAME = '<img src=x onerror=alert(1)> & "q"';
/** Markdown command link, HTML, bidi controls (foreign text: docs/security.md). */
const HOSTILE = {
  user: 'eve\u202egnp.exe',
  description: '[Open terminal](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>',
  changelog: '<script>alert(1)</script>\n\u2067right-to-left\u2069 & "quotes"',
};

/** Recorded deployments per data set (the simulator's state), apart from the generated ones. */
const recordedBySet = new WeakMap<Dataset, SimDeployment[]>();
let nextRecordedId = 900_000_001;

function key(app: SimApp): number {
  return Dataset.seriesKey('deploy', app.id);
}

/** The generated deployment minutes of `day` for `app`: one or two, in order. */
function minutesOfDay(seed: number, app: SimApp, day: number): number[] {
  const k = key(app);
  const first = day * DAY + 60 + Math.floor(unit(seed, k, day, 1) * 420);
  const out = [first];
  if (unit(seed, k, day, 2) < 0.6) {
    out.push(day * DAY + 780 + Math.floor(unit(seed, k, day, 3) * 420));
  }
  return out;
}

function isBad(seed: number, app: SimApp, minute: number): boolean {
  return unit(seed, key(app), minute, 4) < 0.25;
}

function isFailing(seed: number, app: SimApp, minute: number): boolean {
  return !isBad(seed, app, minute) && unit(seed, key(app), minute, 10) < 0.2;
}

/** The last generated deployment at or before `minute` (every day has one, so two days suffice). */
function lastAtOrBefore(seed: number, app: SimApp, minute: number): number {
  const day = Math.floor(minute / DAY);
  const candidates = [...minutesOfDay(seed, app, day - 1), ...minutesOfDay(seed, app, day)].filter((m) => m <= minute);
  return candidates[candidates.length - 1];
}

/** The factor on errors in `minute` (1, or FAILING_DEPLOYMENT_ERROR_FACTOR after a failing deployment). */
export function deploymentErrorFactor(seed: number, app: SimApp, minute: number): number {
  if (!app.reporting) {
    return 1;
  }
  const last = lastAtOrBefore(seed, app, minute + app.clockShift);
  return isFailing(seed, app, last) ? FAILING_DEPLOYMENT_ERROR_FACTOR : 1;
}

/** The factor on server time in `minute` (1, or BAD_DEPLOYMENT_FACTOR after a bad deployment). */
export function deploymentFactor(seed: number, app: SimApp, minute: number): number {
  if (!app.reporting) {
    return 1;
  }
  return isBad(seed, app, lastAtOrBefore(seed, app, minute + app.clockShift)) ? BAD_DEPLOYMENT_FACTOR : 1;
}

function sha(seed: number, app: SimApp, minute: number): string {
  const a = hashString(`${seed}:${app.id}:${minute}:a`).toString(16).padStart(8, '0');
  const b = hashString(`${seed}:${app.id}:${minute}:b`).toString(16).padStart(8, '0');
  return a + b;
}

/** The deployment generated at `minute` of the data's clock (its `at` is on the real one). */
function generated(dataset: Dataset, app: SimApp, minute: number): SimDeployment {
  const seed = dataset.seed;
  const u = (salt: number) => unit(seed, key(app), minute, salt);
  const pick = <T>(items: readonly T[], salt: number) => items[Math.floor(u(salt) * items.length)];
  const revision = sha(seed, app, minute);
  const hostile = app.name === HOSTILE_APP_NAME;
  const changes = [pick(CHANGES, 7), pick(CHANGES, 8)].filter((c, i, all) => all.indexOf(c) === i);
  return {
    id: 100_000_000 + (hashString(`dep:${app.id}:${minute}`) % 800_000_000),
    appId: app.id,
    at: (minute - app.clockShift) * 60_000,
    revision,
    user: hostile ? HOSTILE.user : pick(USERS, 5),
    description: hostile
      ? HOSTILE.description
      : pick(DESCRIPTIONS, 6).replace('{v}', `v${1 + (Math.floor(minute / DAY) % 9)}.${Math.floor(u(9) * 40)}.0`),
    changelog: hostile ? HOSTILE.changelog : changes.map((c) => `- ${c}`).join('\n'),
    bad: isBad(seed, app, minute),
    failing: isFailing(seed, app, minute),
    recorded: false,
    commit: revision,
  };
}

/** Every deployment of `app` in [fromMs, toMs], generated and recorded, newest first. */
export function deploymentsBetween(dataset: Dataset, app: SimApp, fromMs: number, toMs: number): SimDeployment[] {
  const out: SimDeployment[] = [];
  if (app.reporting) {
    const shiftMs = app.clockShift * 60_000;
    const [from, to] = [fromMs + shiftMs, toMs + shiftMs];
    const firstDay = Math.floor(from / 60_000 / DAY);
    const lastDay = Math.floor(to / 60_000 / DAY);
    for (let day = firstDay; day <= lastDay; day++) {
      for (const m of minutesOfDay(dataset.seed, app, day)) {
        if (m * 60_000 >= from && m * 60_000 <= to) {
          out.push(generated(dataset, app, m));
        }
      }
    }
  }
  for (const d of recordedBySet.get(dataset) ?? []) {
    if (d.appId === app.id && d.at >= fromMs && d.at <= toMs) {
      out.push(d);
    }
  }
  return out.sort((a, b) => b.at - a.at || b.id - a.id);
}

/** What a write carries (REST's `deployment` object or NerdGraph's input), already checked. */
export interface DeploymentWrite {
  revision: string;
  user?: string;
  description?: string;
  changelog?: string;
  at: number;
  commit?: string;
  deploymentType?: string;
  deepLink?: string;
  groupId?: string;
}

/** Records a deployment (it changes no metric) and returns it. */
export function recordDeployment(dataset: Dataset, app: SimApp, write: DeploymentWrite): SimDeployment {
  const d: SimDeployment = {
    id: nextRecordedId++,
    appId: app.id,
    at: write.at,
    revision: write.revision,
    user: write.user ?? '',
    description: write.description ?? '',
    changelog: write.changelog ?? '',
    bad: false,
    failing: false,
    recorded: true,
    commit: write.commit,
    deploymentType: write.deploymentType,
    deepLink: write.deepLink,
    groupId: write.groupId,
  };
  const list = recordedBySet.get(dataset) ?? [];
  list.push(d);
  recordedBySet.set(dataset, list);
  return d;
}

/** `2016-02-24T10:09:27-08:00`: the time at the account's offset, as the docs' sample shows it. */
export function withOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
