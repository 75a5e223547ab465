/**
 * Which metric names are an application's transactions, and the names of each one's companions (its
 * errors and its Apdex), per agent (docs/service.md#agent-naming). Pure and table-tested; no `vscode`.
 */
import type { TransactionStats } from './transactionStats';

/** A transaction's companion metrics: its errors always, its Apdex for web transactions. */
export interface CompanionNames {
  errors: string;
  apdex?: string;
}

/**
 * Open point (docs/service.md#agent-naming): whether the service also exposes `WebTransaction/Controller/…` for Ruby.
 * Ruby's own name is `Controller/…`; reading both would count a transaction twice. So for Ruby the
 * `WebTransaction/` names are read only when the application has no `Controller/` names at all (an
 * older simulator, or an alias-only account), never beside them.
 */
export const RUBY_WEB_TRANSACTION_FALLBACK = true;

/** The name prefixes that list an agent's transactions (the REST listing's `name=` filters). */
export function transactionPrefixes(language: string | undefined): string[] {
  return isRuby(language)
    ? ['Controller/', 'WebTransaction/', 'OtherTransaction/']
    : ['WebTransaction/', 'OtherTransaction/'];
}

function isRuby(language: string | undefined): boolean {
  return (language ?? '').toLowerCase() === 'ruby';
}

/** Roll-ups (`OtherTransaction/all`, `OtherTransaction/Background/all`) are no transaction of their own. */
function isRollup(name: string): boolean {
  return /^(?:WebTransaction|OtherTransaction)(?:\/[^/]+)?\/all$/.test(name);
}

/** Web or background, by the name's prefix; undefined for a name that is no transaction of this agent. */
export function transactionKind(language: string | undefined, name: string): TransactionStats['kind'] | undefined {
  if (isRollup(name)) {
    return undefined;
  }
  if (name.startsWith('OtherTransaction/')) {
    return 'background';
  }
  if (name.startsWith('WebTransaction/') || (isRuby(language) && name.startsWith('Controller/'))) {
    return 'web';
  }
  return undefined;
}

/** The application's transactions among listed metric names, each once, in the listing's order. */
export function transactionNamesOf(language: string | undefined, names: Iterable<string>): string[] {
  const all = [...new Set(names)].filter((n) => transactionKind(language, n) !== undefined);
  if (isRuby(language) && RUBY_WEB_TRANSACTION_FALLBACK && all.some((n) => n.startsWith('Controller/'))) {
    return all.filter((n) => !n.startsWith('WebTransaction/'));
  }
  return all;
}

/**
 * A transaction's errors and Apdex metric names. Every agent records errors as `Errors/<full name>`
 * (the agents' own code). Ruby's Apdex swaps the `Controller` prefix for `Apdex` (`Controller/users/show` →
 * `Apdex/users/show`, its agent's code); the other agents' is `Apdex/` + the name without `WebTransaction/`
 * (a reading, docs/service.md#agent-naming). Background transactions have no Apdex.
 */
export function companionNames(language: string | undefined, txn: string): CompanionNames {
  const errors = `Errors/${txn}`;
  if (isRuby(language) && txn.startsWith('Controller/')) {
    return { errors, apdex: `Apdex/${txn.slice('Controller/'.length)}` };
  }
  if (txn.startsWith('WebTransaction/')) {
    return { errors, apdex: `Apdex/${txn.slice('WebTransaction/'.length)}` };
  }
  return { errors };
}
