// VS Code passes whatever the model wrote without checking the declared `inputSchema` (seen in 1.100): a
// bad input becomes one sentence for the model, never a throw from deep inside.
import { hasHiddenCharacters } from '../util/safeText';
import { foreign } from './toolAnswer';

/** `data`: foreign text already made plain, held as JSON under the data notice. */
export class ToolInputError extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The longest text input taken (a name filter, a metric name, a path); NRQL has its own limit. */
export const MAX_INPUT_TEXT = 300;

/** The widest range a tool reads: the metric data the service keeps at minute resolution is 8 days. */
export const MAX_RANGE_MINUTES = 7 * 24 * 60;

export function inputObject(input: unknown, known: readonly string[]): Record<string, unknown> {
  if (input === undefined || input === null) {
    return {};
  }
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ToolInputError('The input must be a JSON object.');
  }
  const unknown = Object.keys(input).filter((k) => !known.includes(k));
  if (unknown.length > 0) {
    const names = unknown.slice(0, 3).map((k) => JSON.stringify(foreign(k.slice(0, 40))));
    throw new ToolInputError(`Unknown input field ${names.join(', ')}; the fields are: ${known.join(', ')}.`);
  }
  return input as Record<string, unknown>;
}

/** A string field, trimmed; undefined when absent or empty. */
export function optionalText(input: Record<string, unknown>, field: string, max = MAX_INPUT_TEXT): string | undefined {
  const v = input[field];
  if (v === undefined || v === null) {
    return undefined;
  }
  if (typeof v !== 'string') {
    throw new ToolInputError(`"${field}" must be a string.`);
  }
  const text = v.trim();
  if (text.length > max) {
    throw new ToolInputError(`"${field}" must be at most ${max} characters.`);
  }
  return text === '' ? undefined : text;
}

/**
 * A text field the user reads in a confirmation before it is written: refused, not stripped, when it holds
 * a character the dialog cannot show (controls, bidi or zero-width characters; line breaks unless `lines`),
 * so what is written is what was read.
 */
export function shownText(
  input: Record<string, unknown>,
  field: string,
  max: number,
  lines = false,
): string | undefined {
  const text = optionalText(input, field, max);
  if (text !== undefined && hasHiddenCharacters(text, lines)) {
    throw new ToolInputError(
      `"${field}" holds characters a confirmation cannot show (controls, ${lines ? '' : 'line breaks, '}bidi or zero-width characters): give it as plain text.`,
    );
  }
  return text;
}

/** A whole number field within [min, max]; undefined when absent. Numeric strings are taken ("42"). */
export function optionalInteger(
  input: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
): number | undefined {
  const v = input[field];
  if (v === undefined || v === null || v === '') {
    return undefined;
  }
  const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ToolInputError(`"${field}" must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

/** A boolean field; `fallback` when absent. */
export function optionalBoolean(input: Record<string, unknown>, field: string, fallback: boolean): boolean {
  const v = input[field];
  if (v === undefined || v === null) {
    return fallback;
  }
  if (typeof v !== 'boolean') {
    throw new ToolInputError(`"${field}" must be true or false.`);
  }
  return v;
}

/** A list of strings with 1 to `maxItems` entries; undefined when absent. */
export function optionalTextList(
  input: Record<string, unknown>,
  field: string,
  maxItems: number,
): string[] | undefined {
  const v = input[field];
  if (v === undefined || v === null) {
    return undefined;
  }
  const list = typeof v === 'string' ? [v] : v;
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    list.length > maxItems ||
    !list.every((x) => typeof x === 'string' && x.trim() !== '' && x.length <= MAX_INPUT_TEXT)
  ) {
    throw new ToolInputError(`"${field}" must be a list of 1 to ${maxItems} non-empty strings.`);
  }
  return list.map((x: string) => x.trim());
}

/** The range in minutes back from now: `minutes` (default `fallback`), at least 1, at most MAX_RANGE_MINUTES. */
export function rangeMinutes(input: Record<string, unknown>, fallback: number): number {
  return optionalInteger(input, 'minutes', 1, MAX_RANGE_MINUTES) ?? fallback;
}

/**
 * How a tool names an application: by id, by exact name (case-insensitive), or (neither) the one this
 * workspace is bound to. A name is a name even when it is all digits (an application may be named 2024).
 */
export type ApplicationRef = { id: number } | { name: string } | { bound: true };

export const APPLICATION_FIELDS = ['application', 'applicationId'] as const;

/** Reads `applicationId` (an id, as a number or numeric text) or `application` (a name). */
export function applicationRef(input: Record<string, unknown>): ApplicationRef {
  const id = optionalInteger(input, 'applicationId', 1, Number.MAX_SAFE_INTEGER);
  const name = optionalText(input, 'application');
  if (id !== undefined && name !== undefined) {
    throw new ToolInputError('Give "applicationId" or "application", not both.');
  }
  if (id !== undefined) {
    return { id };
  }
  if (name !== undefined) {
    return { name };
  }
  return { bound: true };
}
