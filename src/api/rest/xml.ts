// The service's XML (Rails conventions, docs/service.md#records) as the values JSON.parse gives, so one parser maps both.
import { XMLParser } from 'fast-xml-parser';
import * as l10n from '@vscode/l10n';

const TEXT = '#text';
const ATTR = '@_';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: TEXT,
  alwaysCreateTextNode: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Names may start or end with spaces; JSON keeps them, so XML must too.
  trimValues: false,
  // Numeric character references (&#233;) are XML, not HTML; decode them like a conforming parser.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Every element as an array, so one child and many children look the same.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

type XmlNode = Record<string, unknown> | string;

export const MAX_DEPTH = 64;

/** One linear scan of the tags; a `<` in CDATA may overcount, which only matters for hostile documents. */
function nestingDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next === 47) {
      depth--;
    } else if (next !== 33 && next !== 63) {
      const end = text.indexOf('>', i);
      if (end < 0) {
        return false; // Truncated: the parser says so.
      }
      if (text.charCodeAt(end - 1) !== 47 && ++depth > max) {
        return true;
      }
      i = end;
    }
  }
  return false;
}

export class XmlFormatError extends Error {}

export function parseXmlDocument(text: string): Record<string, unknown> {
  if (!/^\s*</.test(text)) {
    throw new XmlFormatError(l10n.t('not an XML document'));
  }
  // The parser's time grows with the square of the nesting depth (a 350 KB body of nested elements
  // took half a second): the service nests a few levels, so refuse deep documents before parsing.
  if (nestingDepthExceeds(text, MAX_DEPTH)) {
    throw new XmlFormatError(l10n.t('elements nested more than {0} deep', MAX_DEPTH));
  }
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text, true) as Record<string, unknown>;
  } catch (e) {
    throw new XmlFormatError(e instanceof Error ? e.message : String(e));
  }
  const roots = elementKeys(doc);
  if (roots.length !== 1) {
    throw new XmlFormatError(l10n.t('an XML document needs exactly one root element'));
  }
  const [root] = roots;
  const nodes = doc[root] as XmlNode[];
  return { [root]: convert(nodes[0]) };
}

function elementKeys(node: Record<string, unknown>): string[] {
  return Object.keys(node).filter((k) => k !== TEXT && !k.startsWith(ATTR));
}

function convert(node: XmlNode): unknown {
  if (typeof node === 'string') {
    return node;
  }
  const attr = (name: string) => node[ATTR + name] as string | undefined;
  if (attr('nil') === 'true') {
    return null;
  }
  const children = elementKeys(node);
  const type = attr('type');
  if (type === 'array') {
    return children.flatMap((k) => (node[k] as XmlNode[]).map(convert));
  }
  if (children.length > 0) {
    const obj: Record<string, unknown> = {};
    for (const k of children) {
      const items = node[k] as XmlNode[];
      obj[k] = items.length === 1 ? convert(items[0]) : items.map(convert);
    }
    return obj;
  }
  const text = typeof node[TEXT] === 'string' ? node[TEXT] : '';
  switch (type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return text.trim() === '' ? null : Number(text);
    case 'boolean':
      return text.trim() === 'true';
    case 'hash':
      return {};
    default:
      return text;
  }
}
