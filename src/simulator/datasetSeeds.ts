// What a data set is generated from: the hand-picked applications, the word lists and the demo's names.
import type { HealthStatus } from '../api/types';
import type { BackgroundJob, WebOperation } from './agentNaming';
import type { Rng } from './random';

/** How an application's database time is reported (docs/service.md#response-time-breakdown). */
export type DatabaseFamily = 'activeRecord' | 'database' | 'datastore';

export interface AppSeed {
  name: string;
  language: string;
  health: HealthStatus;
  reporting?: boolean;
  family?: DatabaseFamily;
  agentVersion?: string;
  hasQueue?: boolean;
  hasTotalTime?: boolean;
  hostCount?: number;
}

export const SPECIAL_APPS: AppSeed[] = [
  {
    name: 'storefront-web',
    language: 'ruby',
    health: 'green',
    family: 'datastore',
    agentVersion: '9.6.0',
    hasQueue: true,
  },
  {
    name: 'billing-api',
    language: 'ruby',
    health: 'orange',
    family: 'activeRecord',
    agentVersion: '3.9.9.275',
    hasQueue: true,
  },
  { name: 'inventory-service', language: 'java', health: 'green', family: 'datastore', agentVersion: '8.9.1' },
  { name: 'search-gateway', language: 'go', health: 'red', family: 'datastore', agentVersion: '3.30.0' },
  {
    name: 'notifications-worker',
    language: 'python',
    health: 'gray',
    reporting: false,
    agentVersion: '9.2.0',
    hostCount: 0,
  },
  {
    name: '<img src=x onerror=alert(1)> & "q"',
    language: 'nodejs',
    health: 'unknown',
    family: 'datastore',
    agentVersion: '11.10.0',
  },
  {
    name: 'Zahlungsdienst – Köln ☕',
    language: 'php',
    health: 'green',
    family: 'database',
    agentVersion: '4.23.0',
    hasTotalTime: false,
  },
  { name: 'reports-dotnet', language: 'dotnet', health: 'green', family: 'datastore', agentVersion: '10.20.0' },
  {
    name: 'legacy-admin',
    language: 'ruby',
    health: 'green',
    family: 'activeRecord',
    agentVersion: '3.10.0.279',
    hasQueue: false,
  },
];

const NAME_WORDS = [
  'checkout',
  'catalog',
  'accounts',
  'payments',
  'shipping',
  'pricing',
  'recommendations',
  'auth',
  'orders',
  'reviews',
  'media',
  'mailer',
  'analytics',
  'gateway',
  'profile',
  'cart',
  'ledger',
  'invoicing',
  'scheduler',
  'tenant',
];
const NAME_SUFFIXES = ['service', 'api', 'web', 'worker', 'backend'];
const LANGUAGES = ['java', 'ruby', 'python', 'nodejs', 'go', 'php', 'dotnet'];
export const APDEX_TARGETS = [0.1, 0.2, 0.3, 0.5, 1, 1.5, 2];
export const DATASTORE_TYPES = ['MySQL', 'Postgres', 'Redis', 'MongoDB', 'DynamoDB', 'Elasticsearch'];
// Each application takes the first few, so the same seed gives the same numbers whatever the names.
export const OPERATIONS: readonly WebOperation[] = [
  { resource: 'orders', action: 'create', verb: 'POST', route: '/orders' },
  { resource: 'orders', action: 'show', verb: 'GET', route: '/orders/:id' },
  { resource: 'orders', action: 'index', verb: 'GET', route: '/orders' },
  { resource: 'carts', action: 'update', verb: 'PUT', route: '/carts/:id' },
  { resource: 'users', action: 'show', verb: 'GET', route: '/users/:id' },
  { resource: 'sessions', action: 'create', verb: 'POST', route: '/sessions' },
  { resource: 'products', action: 'index', verb: 'GET', route: '/products' },
  { resource: 'products', action: 'show', verb: 'GET', route: '/products/:id' },
  { resource: 'search', action: 'query', verb: 'GET', route: '/search' },
  { resource: 'health', action: 'check', verb: 'GET', route: '/health' },
  { resource: 'payments', action: 'authorize', verb: 'POST', route: '/payments/authorize' },
  { resource: 'invoices', action: 'download', verb: 'GET', route: '/invoices/:id/download' },
];

export const BACKGROUND_JOBS: ReadonlyArray<{ job: BackgroundJob; share: number; speed: number }> = [
  { job: { stem: 'InvoiceReminder' }, share: 0.7, speed: 0.6 },
  { job: { stem: 'SearchReindex' }, share: 0.3, speed: 1.9333 },
];

/** The demo's stand-ins for the test names that exist to catch markup injection. */
export const DEMO_NAMES: Readonly<Record<string, string>> = {
  '<img src=x onerror=alert(1)> & "q"': 'partner-portal',
};
export const DEMO_TRANSACTIONS: Readonly<Record<'hostile' | 'unicode', WebOperation>> = {
  hostile: { resource: 'partners', action: 'callback', verb: 'POST', route: '/partners/callback' },
  unicode: { resource: 'orders', action: 'summary', verb: 'GET', route: '/orders/summary' },
};
/** The test data set's names that catch markup injection and mangled Unicode, in the agent's form. */
export const TEST_TRANSACTIONS = { hostile: '<img src=x onerror=alert(1)> & "q"', unicode: 'Bestellung/Übersicht ✓' };

export function generatedSeed(rng: Rng, n: number): AppSeed {
  const word = NAME_WORDS[n % NAME_WORDS.length];
  const suffix = NAME_SUFFIXES[Math.floor(n / NAME_WORDS.length) % NAME_SUFFIXES.length];
  const round = Math.floor(n / (NAME_WORDS.length * NAME_SUFFIXES.length));
  const name = `${word}-${suffix}${round > 0 ? `-${round + 1}` : ''}`;
  const language = rng.pick(LANGUAGES);
  const roll = rng.next();
  const health: HealthStatus =
    roll < 0.7 ? 'green' : roll < 0.82 ? 'orange' : roll < 0.9 ? 'red' : roll < 0.95 ? 'unknown' : 'gray';
  const reporting = health !== 'gray';
  const family: DatabaseFamily =
    language === 'ruby' && rng.chance(0.4) ? 'activeRecord' : rng.chance(0.1) ? 'database' : 'datastore';
  return {
    name,
    language,
    health,
    reporting,
    family,
    agentVersion: family === 'activeRecord' ? `3.${rng.int(6, 10)}.0.${rng.int(100, 279)}` : undefined,
  };
}

export function hostName(rng: Rng, language: string, index: number): string {
  return rng.chance(0.5)
    ? `ip-10-0-${rng.int(0, 9)}-${rng.int(2, 250)}.ec2.internal`
    : `${language === 'php' ? 'www' : 'app'}-${String(index + 1).padStart(2, '0')}.prod.example.com`;
}

export function keyTransactionLabel(transactionName: string): string {
  const last = transactionName.split('/').slice(-2).join(' ');
  return last.charAt(0).toUpperCase() + last.slice(1);
}
