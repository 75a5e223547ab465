/**
 * A simulated REST API v2 answer and a request's format, and its region (REST and NerdGraph): shared by the
 * route table (routes.ts) and the answers it delegates (deploymentsRest.ts), so neither imports the other.
 */
export type Region = 'us' | 'eu';
export type Format = 'json' | 'xml';

/** A list (paginated by the server), one record, or an error with the service's shape. */
export type Answer =
  | { type: 'list'; envelope: string; items: unknown[]; links?: Record<string, string> }
  | { type: 'one'; body: Record<string, unknown>; status?: number }
  | { type: 'error'; status: number; title: string };
