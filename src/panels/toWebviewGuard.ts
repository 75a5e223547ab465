// Apart from protocol.ts, which holds the types both sides share.
import type { ToWebview } from './protocol';
import { isPanelState } from './protocol';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isShortString = (v: unknown, max = 1000): v is string => typeof v === 'string' && v.length <= max;

export function isToWebview(v: unknown): v is ToWebview {
  if (!isRec(v) || typeof v.type !== 'string') {
    return false;
  }
  switch (v.type) {
    case 'init':
      return (
        isPanelState(v.state) &&
        (v.timeZone === 'local' || v.timeZone === 'utc') &&
        (v.l10n === undefined || (isRec(v.l10n) && Object.values(v.l10n).every((t) => typeof t === 'string')))
      );
    case 'loading':
    case 'clear':
      return true;
    case 'data':
      return (
        Array.isArray(v.summary) &&
        Array.isArray(v.charts) &&
        isRec(v.range) &&
        Array.isArray(v.validPeriods) &&
        typeof v.fetchedAt === 'string' &&
        (v.deployments === undefined || Array.isArray(v.deployments)) &&
        (v.alerts === undefined || Array.isArray(v.alerts)) &&
        (v.aroundChoices === undefined || Array.isArray(v.aroundChoices)) &&
        (v.errors === undefined || isRec(v.errors)) &&
        v.charts.every(
          (c) => isRec(c) && typeof c.id === 'string' && typeof c.title === 'string' && Array.isArray(c.series),
        )
      );
    case 'error':
      return (
        typeof v.message === 'string' &&
        typeof v.retryable === 'boolean' &&
        (v.staleNote === undefined || isShortString(v.staleNote, 200)) &&
        (v.fix === undefined || isShortString(v.fix, 60))
      );
    case 'metricNames':
      return typeof v.query === 'string' && Array.isArray(v.names);
    case 'exported':
      return (v.format === 'csv' || v.format === 'json') && typeof v.path === 'string';
    default:
      return false;
  }
}
