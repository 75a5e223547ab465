// Statements inside method bodies are one level deeper than a class body and never taken for a method.
import { C_LIKE, followBraces, structureOf, withoutComments } from '../sourceText';
import { declaredMethod } from './declaration';
import type { CodeSymbol, ParsedSource } from '../symbols';

const TYPE = /\b(?:class|interface|record|struct|enum)\s+([A-Za-z_]\w*)/;
const NOT_A_DECLARATION = /^(?:return|new|else|if|for|foreach|while|switch|catch|throw|case|await|yield|using|lock)\b/;
const MAPPING = /^@(Get|Post|Put|Delete|Patch|Request)Mapping\b\s*(?:\((.*)\))?/;

function mappingOf(annotation: string): { verb?: string; path: string } | undefined {
  const m = MAPPING.exec(annotation);
  if (!m) {
    return undefined;
  }
  const args = m[2] ?? '';
  const named = /\b(?:value|path)\s*=\s*(?:\{\s*)?"([^"]*)"/.exec(args);
  const positional = /^\s*(?:\{\s*)?"([^"]*)"/.exec(args);
  const path = (named ?? positional)?.[1] ?? '';
  const method = /RequestMethod\.([A-Z]+)/.exec(args)?.[1];
  return { verb: m[1] === 'Request' ? method : m[1].toUpperCase(), path };
}

function joinPaths(prefix: string, path: string): string {
  return `/${[prefix, path].join('/')}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

export function parseBraces(text: string): ParsedSource {
  const lines = withoutComments(text, C_LIKE).split('\n');
  const classes: Array<{ name: string; depth: number; prefix: string }> = [];
  const symbols: CodeSymbol[] = [];
  let namespace: string[] | undefined;
  let depth = 0;
  let pending: Array<{ verb?: string; path: string }> = [];
  lines.forEach((raw, line) => {
    const trimmed = raw.trim();
    const structure = structureOf(raw);
    const ns = /^(?:package|namespace)\s+([\w.]+)/.exec(trimmed);
    if (ns) {
      namespace = ns[1].split('.');
    }
    if (trimmed.startsWith('@') || trimmed.startsWith('[')) {
      const mapping = mappingOf(trimmed);
      if (mapping) {
        pending.push(mapping);
      }
    } else if (trimmed) {
      const type = TYPE.exec(structure);
      const inBody = classes.length > 0 && depth === classes[classes.length - 1].depth;
      if (type) {
        classes.push({ name: type[1], depth: depth + 1, prefix: pending[0]?.path ?? '' });
      } else if (inBody && !NOT_A_DECLARATION.test(trimmed)) {
        const name = declaredMethod(trimmed);
        if (name) {
          const container = classes.map((c) => c.name);
          symbols.push({ kind: 'method', name, container, line });
          const cls = classes[classes.length - 1];
          for (const mapping of pending) {
            symbols.push({
              kind: 'route',
              name,
              container,
              line,
              ...(mapping.verb ? { verb: mapping.verb } : {}),
              path: joinPaths(cls.prefix, mapping.path),
              handler: { className: cls.name, member: name },
            });
          }
        }
      }
      pending = [];
    }
    depth = followBraces(structure, depth, classes);
  });
  return { symbols, ...(namespace ? { namespace } : {}) };
}
