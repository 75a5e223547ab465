/**
 * Response bodies in both formats. XML follows Rails' conventions (docs/service.md#records): the root element
 * is the envelope key, arrays carry type="array" with singular children (`<value>` for scalars),
 * numbers and booleans carry their type, null is nil="true".
 */

const SINGULAR: Record<string, string> = {
  applications: 'application',
  application_hosts: 'application_host',
  application_instances: 'application_instance',
  key_transactions: 'key_transaction',
  metrics: 'metric',
  timeslices: 'timeslice',
};

export function toJson(body: Record<string, unknown>): string {
  return JSON.stringify(body);
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Keys are element names; characters XML names cannot hold become "_" (none of ours need it). */
function elementName(key: string): string {
  const name = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

function element(name: string, value: unknown, indent: string): string {
  const tag = elementName(name);
  if (value === null || value === undefined) {
    return `${indent}<${tag} nil="true"/>\n`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return `${indent}<${tag} type="array"/>\n`;
    }
    const child = SINGULAR[name] ?? 'value';
    return `${indent}<${tag} type="array">\n${value.map((v) => element(typeof v === 'object' && v !== null ? child : 'value', v, `${indent}  `)).join('')}${indent}</${tag}>\n`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) {
      return `${indent}<${tag}></${tag}>\n`;
    }
    return `${indent}<${tag}>\n${entries.map(([k, v]) => element(k, v, `${indent}  `)).join('')}${indent}</${tag}>\n`;
  }
  if (typeof value === 'number') {
    return `${indent}<${tag} type="${Number.isInteger(value) ? 'integer' : 'float'}">${value}</${tag}>\n`;
  }
  if (typeof value === 'boolean') {
    return `${indent}<${tag} type="boolean">${value}</${tag}>\n`;
  }
  const text = value as string | bigint; // what JSON leaves here: numbers and booleans are above
  return `${indent}<${tag}>${escapeText(String(text))}</${tag}>\n`;
}

/** XML has one root: the envelope key. Top-level `links` templates exist only in JSON. */
export function toXml(body: Record<string, unknown>): string {
  const root = Object.keys(body).find((k) => k !== 'links') ?? 'hash';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, body[root], '')}`;
}
