/**
 * The built-in parsers on source files built to slow them down (test/support/hostileSources.ts: long
 * runs of spaces or newlines after each keyword a pattern starts from, unterminated strings and
 * comments, deep generics, one 1 MB line), per language: the worst parse of any of them, warm (a
 * median of interleaved runs per file). Beside it, the floor: one linear pass over the same file,
 * its comments blanked (`withoutComments`, the first pass most of the parsers make). Budget 50 ms a file: a lens request or an index read may meet one.
 */
import { parseSource } from '../../src/code/parseSource';
import type { CommentSyntax } from '../../src/code/sourceText';
import { C_LIKE, HASH, PHP, RUBY, withoutComments } from '../../src/code/sourceText';
import type { SourceLanguage } from '../../src/code/symbols';
import { hostileSources } from '../../test/support/hostileSources';
import type { Figure } from '../lib/figure';
import { interleaved, median } from '../lib/figure';

export const HOSTILE_LANGUAGES: readonly SourceLanguage[] = [
  'go',
  'javascript',
  'java',
  'csharp',
  'php',
  'python',
  'ruby',
];

/** The first pass most parsers make: comments blanked, in the language's syntax. */
const SYNTAX: Readonly<Record<SourceLanguage, CommentSyntax>> = {
  go: C_LIKE,
  javascript: C_LIKE,
  java: C_LIKE,
  csharp: C_LIKE,
  php: PHP,
  python: HASH,
  ruby: RUBY,
};

export function hostileFigureName(language: SourceLanguage): string {
  return `worst parse of a hostile source: ${language}`;
}

export async function hostileParseFigures(runs: number): Promise<Figure[]> {
  const sources = hostileSources();
  const figures: Figure[] = [];
  for (const language of HOSTILE_LANGUAGES) {
    let worst: { shape: string; bytes: number; samples: { ours: number[]; anchor: number[] } } | undefined;
    for (const source of sources.filter((s) => s.language === language)) {
      const samples = await interleaved(
        runs,
        () => {
          const t0 = performance.now();
          parseSource(language, source.text);
          return Promise.resolve(performance.now() - t0);
        },
        () => {
          const t0 = performance.now();
          withoutComments(source.text, SYNTAX[language]);
          return Promise.resolve(performance.now() - t0);
        },
      );
      if (!worst || median(samples.ours) > median(worst.samples.ours)) {
        worst = { shape: source.shape, bytes: source.text.length, samples };
      }
    }
    if (worst) {
      figures.push({
        name: hostileFigureName(language),
        unit: 'ms',
        ours: median(worst.samples.ours),
        anchor: median(worst.samples.anchor),
        anchorName: 'blanking its comments, one linear pass',
        budget: { kind: 'atMost', max: 50 },
        samples: worst.samples,
        note: `worst of ${sources.filter((s) => s.language === language).length} files: ${worst.shape} (${Math.round(worst.bytes / 1024).toLocaleString('en')} KB)`,
      });
    }
  }
  return figures;
}
