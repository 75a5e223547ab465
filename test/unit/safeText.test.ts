import * as assert from 'node:assert/strict';

import type { Application, Host, Instance } from '../../src/api/types';
import { applicationSummaryItem, metricNameItems, scopeItems } from '../../src/palette/items';
import { alertMessage } from '../../src/status/healthAlerts';
import {
  hasHiddenCharacters,
  isPlainDisplayName,
  MAX_FOREIGN_LENGTH,
  plainLine,
  safeText,
} from '../../src/util/safeText';
import { bindingProblem, parseBinding } from '../../src/status/binding';

/** VS Code's notification link syntax (vs/base/common/linkedText.ts) and its icon syntax, as regexes. */
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
const ICON = /\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/i;
const HOSTILE = '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)';

describe('safeText: foreign text in notifications, progress titles and quick picks', () => {
  it('breaks command links so no notification can run a command from a name', () => {
    assert.match(HOSTILE, LINK, 'the payload is a link before');
    const safe = safeText(HOSTILE);
    assert.doesNotMatch(safe, LINK);
    assert.doesNotMatch(safe, /<command:/);
    // It still reads the same: only invisible characters were added.
    assert.equal(safe.replace(/\u200b/g, ''), HOSTILE);
    assert.equal(safeText(HOSTILE.repeat(3)).replace(/\u200b/g, '').length, MAX_FOREIGN_LENGTH);
  });

  it('breaks $(icon) syntax and autolinks', () => {
    const safe = safeText('$(zap) boom <command:timeslice.removeApiKey>');
    assert.doesNotMatch(safe, ICON);
    assert.doesNotMatch(safe, /<command:/);
    assert.equal(safe.replace(/\u200b/g, ''), '$(zap) boom <command:timeslice.removeApiKey>');
  });

  it('strips control, bidi and zero-width characters and keeps one line', () => {
    assert.equal(safeText('a\u202egnp.exe\u0000b\r\nc\u200bd\u0007'), 'agnp.exeb cd');
  });

  it('treats every line break as one and drops the other characters that hide or reorder text', () => {
    assert.equal(plainLine('a\u2028b\u2029c\u0085d', 50), 'a b c d');
    const hidden = [
      '\u061c', // Arabic letter mark (bidi)
      '\ufff9\ufffa\ufffb', // interlinear annotation
      '\u00ad\u034f\u180e\u115f\u1160\u3164\uffa0\u17b4', // soft hyphen, joiner, fillers
      '\ufe0f\u{e0100}', // variation selectors
      '\u{e0001}\u{e0069}\u{e0067}\u{e006e}\u{e007f}', // tag characters: hidden ASCII
      '\u{1d173}',
    ];
    for (const h of hidden) {
      assert.equal(plainLine(`a${h}b`, 50), 'ab', JSON.stringify(h));
      assert.equal(safeText(`a${h}b`), 'ab', JSON.stringify(h));
      assert.ok(hasHiddenCharacters(`a${h}b`), JSON.stringify(h));
    }
    assert.ok(!isPlainDisplayName('shop\u061c'));
  });

  it('says whether text holds what a reader cannot see; a newline only where lines are allowed', () => {
    assert.ok(!hasHiddenCharacters('release 2026.11 (hotfix) — café'));
    assert.ok(hasHiddenCharacters('a\nb'));
    assert.ok(!hasHiddenCharacters('a\nb', true));
    for (const t of ['a\u2028b', 'a\r\nb', 'a\tb', 'a\u202eb', 'a\u200bb']) {
      assert.ok(hasHiddenCharacters(t, true), JSON.stringify(t));
    }
  });

  it('caps the length by code point without splitting a surrogate pair', () => {
    const long = '😀'.repeat(500);
    const safe = safeText(long, 10);
    assert.equal([...safe].length, 10);
    assert.ok(safe.endsWith('…'));
    assert.doesNotMatch(safe, /[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('leaves ordinary names alone', () => {
    assert.equal(safeText('storefront-web'), 'storefront-web');
    assert.equal(safeText(42), '42');
  });
});

describe('workspace binding names', () => {
  it('refuses a binding whose name is a command link or an icon, with a clear message', () => {
    for (const name of [HOSTILE, '$(zap) x', '<img src=x>', 'a\u202eb', 'x'.repeat(201), 'a\nb']) {
      assert.equal(parseBinding({ id: 1, region: 'demo', name }), undefined, name);
      assert.match(bindingProblem({ id: 1, region: 'demo', name }) ?? '', /not a plain application name/);
    }
    assert.equal(parseBinding({ id: 1, region: 'demo', name: 42 }), undefined, 'a non-string name');
  });

  it('accepts plain names and bindings without a name', () => {
    assert.deepEqual(parseBinding({ id: 1, region: 'demo', name: 'storefront (prod) – EU' }), {
      id: 1,
      region: 'demo',
      name: 'storefront (prod) – EU',
    });
    assert.deepEqual(parseBinding({ id: 1, region: 'demo' }), { id: 1, region: 'demo' });
    assert.equal(bindingProblem({ id: 1, region: 'demo', name: 'ok' }), undefined);
    assert.ok(isPlainDisplayName('x'.repeat(200)));
  });
});

describe('foreign names where VS Code parses text', () => {
  const hostileApp = {
    id: 9,
    name: `${HOSTILE} $(zap)`,
    language: '$(flame)[x](command:y)',
    healthStatus: 'red',
    reporting: true,
    hostIds: [],
    instanceIds: [],
    serverIds: [],
  } as unknown as Application;

  it('a health alert names the application without a link or icon', () => {
    const text = alertMessage({ name: hostileApp.name, from: 'green', to: 'red' });
    assert.doesNotMatch(text, LINK);
    assert.doesNotMatch(text, ICON);
    assert.match(text.replace(/\u200b/g, ''), /^\[Open\]\(command:/);
  });

  it('quick-pick items show names without rendering their $(icon) or links; only our own icon stays', () => {
    const item = applicationSummaryItem(hostileApp);
    assert.equal(item.label.match(new RegExp(ICON.source, 'gi'))?.length, 1, item.label);
    assert.ok(item.label.startsWith('$(error) '));
    assert.doesNotMatch(item.detail ?? '', ICON);
    assert.doesNotMatch(item.detail ?? '', LINK);
    for (const scope of scopeItems(
      hostileApp,
      [{ id: 1, host: '$(zap)h' } as Host],
      [{ id: 2, host: '$(zap)i', port: 1 } as Instance],
    )) {
      assert.equal(scope.label.match(new RegExp(ICON.source, 'gi'))?.length, 1, scope.label);
    }
    assert.doesNotMatch(metricNameItems([{ name: '$(zap)Custom/[a](command:x)', values: [] }])[0].label, ICON);
  });
});
