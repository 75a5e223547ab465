// The body is read up to a size cap, so a huge or endless answer costs at most the cap in memory.
import type { Dispatcher } from 'undici';

import * as l10n from '@vscode/l10n';

import { ApiError } from './apiError';

export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) {
      out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
  }
  return out;
}

/** The body as text, or a tooLarge error as soon as the declared or read size passes `maxBytes`. */
export async function readBody(
  body: Dispatcher.ResponseData['body'],
  headers: Record<string, string>,
  url: URL,
  maxBytes: number,
  host: string,
): Promise<string> {
  const limit = maxBytes >= 1048576 ? `${Math.round(maxBytes / 1048576)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  const tooLarge = () =>
    new ApiError(
      'tooLarge',
      l10n.t(
        'The answer from {0} for {1} is larger than {2}, so it was not read. Narrow the request (a name filter or a shorter range).',
        host,
        url.pathname,
        limit,
      ),
      { path: url.pathname },
    );
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
