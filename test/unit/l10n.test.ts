/**
 * Translations: the committed bundle is what @vscode/l10n-dev extracts now (so a new string cannot be
 * forgotten), no user-facing call gets bare prose, no text is translated at module load (before
 * activation configures @vscode/l10n), and a pseudo-translation reaches the messages of the pure
 * modules with their placeholders filled (so nothing there is hard-wired English).
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import * as l10n from '@vscode/l10n';
import * as ts from 'typescript';

import { describeFailure } from '../../src/api/apiError';
import { errorForStatus, errorForTransportFailure } from '../../src/api/httpFailures';
import { ApiError } from '../../src/api/apiError';
import { checkRange } from '../../src/api/timeRange';
import { rangePresetItems } from '../../src/palette/items';
import { describeStatus } from '../../src/status/statusModel';
import type { Application } from '../../src/api/types';
import { HEALTH_LABELS, staleNote } from '../../src/format/presentation';
import { presetLabel } from '../../src/panels/protocol';
import { formatPeriod } from '../../webview/shared/format';

const ROOT = path.join(__dirname, '../..');
const BUNDLE = path.join(ROOT, 'l10n', 'bundle.l10n.json');
const CLI = path.join(ROOT, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');

/** Every .ts file of the extension and the webview, but not the simulator (it talks HTTP, not to users). */
function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir.endsWith('src') && entry.name === 'simulator')) {
          walk(full);
        }
      } else if (entry.name.endsWith('.ts')) {
        out.push(full);
      }
    }
  };
  walk(path.join(ROOT, 'src'));
  walk(path.join(ROOT, 'webview'));
  return out;
}

// ---- (b) the source check --------------------------------------------------------------------

/** Calls whose every argument a user reads. */
const MESSAGE_CALLS = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'setStatusBarMessage',
]);
/** Constructors whose arguments at these positions are shown. */
const SHOWN_ARGS: ReadonlyMap<string, readonly number[]> = new Map([
  ['ApiError', [1]],
  ['TreeItem', [0]],
  ['MessageNode', [1, 4]],
  ['XmlFormatError', [0]],
]);
/** The webview's DOM helpers (webview/shared/elements.ts, dom.ts): labels, placeholders, children. */
const WEBVIEW_SHOWN_ARGS: ReadonlyMap<string, readonly number[]> = new Map([
  ['button', [0]],
  ['field', [0]],
  ['select', [0]],
  ['textfield', [0, 2]],
  ['h', [2, 3, 4, 5, 6, 7, 8]],
]);
/** Properties (in object literals and assignments) that hold text a user reads. */
const SHOWN_PROPERTIES = new Set([
  'title',
  'placeholder',
  'placeHolder',
  'prompt',
  'tooltip',
  'description',
  'detail',
  'label',
  'message',
  'text',
  'accessibilityLabel',
  'summaryNote',
  'caption',
  'rowHeader',
  'hint',
  'error',
  'textContent',
  'ariaLabel',
  'aria-label',
]);
/** Words that stay as they are in every language. */
const UNTRANSLATED = /^(Timeslice|UTC|JSON|XML|CSV|Apdex|ID|NRAK|GET|filter)$/;

/** True when literal text holds a word a translator should see (codicons like `$(pulse)` are not words). */
function isProse(text: string): boolean {
  const words = text.replace(/\$\([\w~-]+\)/g, ' ').match(/\p{L}{2,}/gu) ?? [];
  return words.some((w) => !UNTRANSLATED.test(w));
}

function isL10nCall(node: ts.Node): boolean {
  return ts.isCallExpression(node) && /(^|\.)l10n\.t$/.test(node.expression.getText());
}

/** The bare prose literals an expression can evaluate to (stops at l10n.t and at other calls). */
function bareProse(node: ts.Expression, found: ts.Node[]): void {
  if (isL10nCall(node)) {
    return;
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    if (isProse(node.text)) {
      found.push(node);
    }
  } else if (ts.isTemplateExpression(node)) {
    if (isProse([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' '))) {
      found.push(node);
    }
    node.templateSpans.forEach((s) => bareProse(s.expression, found));
  } else if (ts.isConditionalExpression(node)) {
    bareProse(node.whenTrue, found);
    bareProse(node.whenFalse, found);
  } else if (ts.isBinaryExpression(node)) {
    bareProse(node.left, found);
    bareProse(node.right, found);
  } else if (ts.isParenthesizedExpression(node)) {
    bareProse(node.expression, found);
  } else if (ts.isArrayLiteralExpression(node)) {
    node.elements.forEach((e) => bareProse(e, found));
  }
}

function nameOf(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isPrivateIdentifier(node)) {
    return node.text;
  }
  if (ts.isPropertyAccessExpression(node)) {
    return node.name.text;
  }
  return undefined;
}

/** "file:line: text" for every user-facing place that gets bare prose, and every module-level l10n.t. */
export function findHardWired(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const inWebview = path.relative(ROOT, fileName).startsWith('webview');
  const problems: string[] = [];
  const report = (node: ts.Node, why: string) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    problems.push(`${path.relative(ROOT, fileName)}:${line + 1}: ${why}: ${node.getText(sf).slice(0, 100)}`);
  };
  const check = (expression: ts.Expression | undefined) => {
    const found: ts.Node[] = [];
    if (expression) {
      bareProse(expression, found);
    }
    found.forEach((n) => report(n, 'not translated'));
  };
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = nameOf(node.expression);
      const args = node.arguments ?? ts.factory.createNodeArray();
      if (callee && MESSAGE_CALLS.has(callee)) {
        args.forEach((a) => check(a));
      }
      const shown =
        callee === undefined
          ? undefined
          : (SHOWN_ARGS.get(callee) ?? (inWebview ? WEBVIEW_SHOWN_ARGS.get(callee) : undefined));
      shown?.forEach((i) => check(args[i]));
      if (isL10nCall(node) && !inFunction) {
        report(node, 'translated when the module loads, before the translations are configured');
      }
    } else if (ts.isPropertyAssignment(node) && SHOWN_PROPERTIES.has(nameOf(node.name) ?? '')) {
      check(node.initializer);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      SHOWN_PROPERTIES.has(node.left.name.text)
    ) {
      check(node.right);
    }
    // Function bodies (and class members, which run at construction) run after activation.
    const entersFunction = ts.isFunctionLike(node) || ts.isClassLike(node);
    ts.forEachChild(node, (child) => visit(child, inFunction || entersFunction));
  };
  visit(sf, false);
  return problems;
}

// ---- (c) pseudo-translation --------------------------------------------------------------------

const pseudo = (text: string) => `[ŧ${text}]`;

function app(): Application {
  return {
    id: 7,
    name: 'storefront',
    language: 'go',
    healthStatus: 'orange',
    reporting: true,
    summary: { responseTime: 123, throughput: 1500, errorRate: 0.0123, apdexTarget: 0.5, apdexScore: 0.94 },
    hostIds: [],
    instanceIds: [],
  } as unknown as Application;
}

describe('translations', function () {
  this.timeout(90_000);

  it('l10n/bundle.l10n.json is what @vscode/l10n-dev exports now (run `npm run l10n:export` after adding a string)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-l10n-'));
    try {
      execFileSync(process.execPath, [CLI, 'export', '--outDir', out, './src', './webview'], {
        cwd: ROOT,
        stdio: 'pipe',
      });
      const exported = JSON.parse(fs.readFileSync(path.join(out, 'bundle.l10n.json'), 'utf8')) as Record<
        string,
        string
      >;
      const committed = JSON.parse(fs.readFileSync(BUNDLE, 'utf8')) as Record<string, string>;
      assert.deepEqual(
        Object.keys(committed).filter((k) => !(k in exported)),
        [],
        'strings in the bundle that the code no longer has',
      );
      assert.deepEqual(
        Object.keys(exported).filter((k) => !(k in committed)),
        [],
        'strings in the code that the bundle lacks',
      );
      assert.deepEqual(committed, exported);
      assert.ok(Object.keys(committed).length > 400, `${Object.keys(committed).length} strings`);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('no notification, pick, input box, progress, tree item, status bar, view or panel text is bare prose, and none is translated at load', () => {
    const problems = sourceFiles().flatMap((f) => findHardWired(f, fs.readFileSync(f, 'utf8')));
    assert.deepEqual(problems, []);
  });

  it('the source check finds what it looks for', () => {
    const sample = [
      "import * as vscode from 'vscode';",
      "const TITLE = vscode.l10n.t('Loaded too early');",
      'export function f(name: string, pick: vscode.QuickPick<vscode.QuickPickItem>) {',
      "  void vscode.window.showWarningMessage(`Removed ${name}.`, 'Undo');",
      "  void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', name), vscode.l10n.t('Open'));",
      "  pick.placeholder = name ? 'Type a name' : vscode.l10n.t('Nothing here');",
      "  void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Loading…' }, async () => undefined);",
      '  return new vscode.TreeItem(`$(pulse) ${name}`);',
      '}',
    ].join('\n');
    const problems = findHardWired(path.join(ROOT, 'src', 'sample.ts'), sample);
    assert.deepEqual(
      problems.map((p) => p.split(': ')[0]),
      ['src/sample.ts:2', 'src/sample.ts:4', 'src/sample.ts:4', 'src/sample.ts:6', 'src/sample.ts:7'],
      problems.join('\n'),
    );
  });

  describe('pseudo-translated', () => {
    before(() => {
      const bundle = JSON.parse(fs.readFileSync(BUNDLE, 'utf8')) as Record<string, string>;
      l10n.config({ contents: Object.fromEntries(Object.entries(bundle).map(([key, value]) => [key, pseudo(value)])) });
    });
    after(() => {
      // @vscode/l10n has no reset: an empty bundle gives the source text back to the other tests.
      l10n.config({ contents: {} });
    });

    it('ApiError messages, with the host and the wait filled in', () => {
      const e = errorForStatus(429, 'api.example.com', '/v2/applications.json', '', 45_000);
      assert.equal(
        e.message,
        '[ŧThe rate limit of api.example.com was reached (429). Wait [ŧ45 s] before trying again.]',
      );
      assert.equal(
        errorForStatus(401, 'api.example.com', '/v2/applications.json', '{"error":{"title":"Bad key"}}').message,
        '[ŧThe API key was rejected by api.example.com (401). Set a valid User API key (it starts with NRAK-) with "Timeslice: Set API Key…". [ŧThe service said: "Bad key".]]',
      );
      const refused = errorForTransportFailure(
        Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
        '127.0.0.1:1',
        '/v2/applications.json',
        30_000,
      );
      assert.match(refused.message, /^\[ŧThe connection to 127\.0\.0\.1:1 was refused\. .*\]$/);
      assert.equal(describeFailure(e, 40_000), '[ŧrate limited, retrying in [ŧ40 s]]');
      assert.throws(
        () => checkRange({ from: new Date() }),
        (x: unknown) => x instanceof ApiError && x.message.startsWith('[ŧGive both'),
      );
    });

    it('the status bar: text, tooltip and accessibility label, from the pure model', () => {
      const unbound = describeStatus(
        { kind: 'unbound' },
        { colorMode: 'health', apdexWarning: 0.85, apdexError: 0.7, showWhenUnbound: true },
        0,
      );
      assert.equal(unbound.text, '$(plug) [ŧBind application]');
      assert.match(unbound.tooltip, /^\[ŧThis workspace is not bound/);
      const now = Date.parse('2026-11-20T12:00:00Z');
      const bound = describeStatus(
        { kind: 'bound', binding: { id: 7, region: 'us' }, snapshot: { app: app(), fetchedAt: now - 180_000 } },
        { colorMode: 'health', apdexWarning: 0.85, apdexError: 0.7, showWhenUnbound: true },
        now,
      );
      assert.equal(bound.accessibilityLabel, '[ŧApdex 0.94 for storefront, [ŧWarning]]');
      assert.match(bound.tooltip, /\| \[ŧResponse time\] \| 123 ms \|/);
      assert.match(bound.tooltip, /\[ŧData from \[ŧ3 min ago\]\.\]/);
      assert.match(bound.tooltip, /\[ŧClick to open its dashboard\.\]$/);
    });

    it("labels read through getters, ages, palette items and the webview's wording", () => {
      assert.equal(HEALTH_LABELS.red, '[ŧCritical]');
      assert.equal(staleNote(180_000, 'offline'), '[ŧShowing data from [ŧ3 min ago] — offline]');
      assert.equal(rangePresetItems()[0].label, '[ŧLast 30 minutes]');
      assert.equal(presetLabel('7d'), '[ŧLast 7 days]');
      assert.equal(formatPeriod(900), '[ŧ15 minutes]');
    });
  });

  it('without a bundle, l10n.t gives the English source with its placeholders filled', () => {
    assert.equal(
      errorForStatus(429, 'h', '/p', '', 40_000).message,
      'The rate limit of h was reached (429). Wait 40 s before trying again.',
    );
    assert.equal(HEALTH_LABELS.red, 'Critical');
  });
});
