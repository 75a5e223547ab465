/**
 * The error part of a 'data' message, read defensively (the protocol's guard only checks it is an
 * object): unknown kinds are dropped, texts are cut, frames and rows are bounded. Every string stays text.
 */
import type { ErrorClassView, ErrorFrameView, ErrorPanelData, ErrorStackView } from '../../src/panels/errorEntity';
import { MAX_PANEL_FRAMES } from '../../src/panels/errorEntity';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 1000): string => (typeof v === 'string' ? v.slice(0, max) : '');
const iso = (v: unknown): string => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : '');
/** Rows the transaction panel's table lists at most. */
const MAX_CLASS_ROWS = 200;

function readFrame(v: unknown): ErrorFrameView | undefined {
  if (!isRec(v)) {
    return undefined;
  }
  const opens = text(v.opens, 2000);
  return { text: text(v.text), inApp: v.inApp === true, ...(opens ? { opens } : {}) };
}

function readStack(v: unknown): ErrorStackView | undefined {
  if (!isRec(v)) {
    return undefined;
  }
  switch (v.kind) {
    case 'stack': {
      const frames = Array.isArray(v.frames) ? v.frames.slice(0, MAX_PANEL_FRAMES).map(readFrame) : [];
      // A frame that is not one stays in its place (the host opens frames by their index).
      return {
        kind: 'stack',
        message: text(v.message),
        occurredAt: iso(v.occurredAt),
        frames: frames.map((f) => f ?? { text: '', inApp: false }),
      };
    }
    case 'agedOut':
      return { kind: 'agedOut', message: text(v.message), occurredAt: iso(v.occurredAt) };
    case 'none':
      return { kind: 'none' };
    case 'needsNerdGraph':
      return { kind: 'needsNerdGraph', message: text(v.message) };
    default:
      return undefined;
  }
}

function readClassRow(v: unknown): ErrorClassView | undefined {
  if (!isRec(v) || typeof v.errorClass !== 'string' || v.errorClass.length === 0) {
    return undefined;
  }
  const count = typeof v.count === 'number' && Number.isFinite(v.count) && v.count >= 0 ? v.count : 0;
  return {
    errorClass: text(v.errorClass),
    label: text(v.label),
    transactionName: text(v.transactionName),
    message: text(v.message),
    count,
    lastSeen: iso(v.lastSeen),
  };
}

export function readErrorPanelData(v: unknown): ErrorPanelData | undefined {
  if (!isRec(v)) {
    return undefined;
  }
  if (v.kind === 'stack') {
    const stack = readStack(v.stack);
    const unboundNote = text(v.unboundNote);
    return stack && { kind: 'stack', stack, ...(unboundNote ? { unboundNote } : {}) };
  }
  if (v.kind === 'classes' && Array.isArray(v.rows)) {
    const rows = v.rows
      .slice(0, MAX_CLASS_ROWS)
      .map(readClassRow)
      .filter((r): r is ErrorClassView => r !== undefined);
    return { kind: 'classes', rows, note: text(v.note) };
  }
  return undefined;
}
