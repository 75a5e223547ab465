// An object per symbol costs about 60 bytes in V8 and a 100,000-file repository has a million symbols; one
// flat string per file takes a fifth of that, with no pointers to trace (docs/performance.md). No `vscode`.
import type { IndexedFile, SymbolNames } from './codeMatch';
import type { CodeSymbol, ParsedSource, SourceLanguage } from './symbols';

/**
 * Between records: first the method names, then the function names (each list joined by NAME), then per
 * symbol in order a container when it changes (`C` + its names) and the symbol (kind, line in base 36, space, name).
 */
const RECORD = '\n';
const NAME = '\u0001';
function reserved(name: string): boolean {
  return name === '' || name.includes(RECORD) || name.includes(NAME) || name.includes(' ');
}

const NO_CONTAINER: readonly string[] = [];

function plain(symbol: CodeSymbol): boolean {
  return (
    (symbol.kind === 'method' || symbol.kind === 'function') &&
    symbol.verb === undefined &&
    symbol.path === undefined &&
    symbol.routeName === undefined &&
    symbol.router === undefined &&
    symbol.handler === undefined
  );
}

export function packSymbols(symbols: readonly CodeSymbol[]): string | undefined {
  const records: string[] = [];
  const methods = new Set<string>();
  const functions = new Set<string>();
  let container: readonly string[] = NO_CONTAINER;
  for (const symbol of symbols) {
    if (!plain(symbol)) {
      return undefined;
    }
    if (symbol.container !== container && !sameNames(symbol.container, container)) {
      if (symbol.container.some(reserved)) {
        return undefined;
      }
      container = symbol.container;
      records.push(`C${container.join(NAME)}`);
    }
    // Each name is checked once: a file repeats its names (a dozen `helper`s, `index` in every class).
    const names = symbol.kind === 'method' ? methods : functions;
    if (!names.has(symbol.name)) {
      if (reserved(symbol.name)) {
        return undefined;
      }
      names.add(symbol.name);
    }
    records.push(`${symbol.kind === 'method' ? 'm' : 'f'}${symbol.line.toString(36)} ${symbol.name}`);
  }
  // The names first, each once, for the lookup tables (names()); then the symbols. Joined into a fresh
  // flat string: the names came out of the file's text, which must not stay alive through them.
  return [[...methods].join(NAME), [...functions].join(NAME), ...records].join(RECORD);
}

export function packedNames(packed: string): SymbolNames {
  const first = packed.indexOf(RECORD);
  const second = packed.indexOf(RECORD, first + 1);
  const list = (from: number, to: number) => (to > from ? packed.slice(from, to).split(NAME) : []);
  return { methods: list(0, first), functions: list(first + 1, second < 0 ? packed.length : second) };
}

export function unpackSymbols(packed: string): CodeSymbol[] {
  const symbols: CodeSymbol[] = [];
  let container: readonly string[] = NO_CONTAINER;
  for (const record of packed.split(RECORD).slice(2)) {
    if (record[0] === 'C') {
      container = record.length > 1 ? record.slice(1).split(NAME) : NO_CONTAINER;
      continue;
    }
    const space = record.indexOf(' ');
    symbols.push({
      kind: record[0] === 'm' ? 'method' : 'function',
      name: record.slice(space + 1),
      container,
      line: parseInt(record.slice(1, space), 36),
    });
  }
  return symbols;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}

type ParseExtras = Omit<ParsedSource, 'symbols'>;

/** An indexed file whose parse is kept packed; `parsed` unpacks it on each read (a few microseconds). */
export class StoredFile implements IndexedFile {
  private constructor(
    readonly path: string,
    readonly language: SourceLanguage,
    private readonly kept: string | ParsedSource,
    private readonly extras: ParseExtras | undefined,
  ) {}

  static of(path: string, language: SourceLanguage, parsed: ParsedSource): StoredFile {
    const packed = packSymbols(parsed.symbols);
    if (packed === undefined) {
      return new StoredFile(path, language, parsed, undefined);
    }
    const { symbols: _symbols, ...extras } = parsed;
    return new StoredFile(path, language, packed, Object.keys(extras).length > 0 ? extras : undefined);
  }

  names(): SymbolNames | undefined {
    return typeof this.kept === 'string' ? packedNames(this.kept) : undefined;
  }

  get parsed(): ParsedSource {
    return typeof this.kept === 'string' ? { ...this.extras, symbols: unpackSymbols(this.kept) } : this.kept;
  }
}
