/**
 * The "What moved at a deployment" view: its model (src/impact/impactView.ts) states each row's evidence and
 * the verdict with what it rests on, "too few calls" as such; its page (src/panels/impactHtml.ts) escapes every
 * text, runs no script and allows only its stylesheet.
 */
import assert from 'node:assert/strict';

import type { Deployment } from '../../src/api/deployments';
import type { DeploymentImpact } from '../../src/impact/impactLoader';
import { impactWindows } from '../../src/impact/impactWindows';
import { impactViewModel } from '../../src/impact/impactView';
import type { WindowNumbers } from '../../src/impact/movement';
import { rankMovement } from '../../src/impact/movement';
import { applicationVerdict } from '../../src/impact/verdict';
import { escapeHtml, renderImpactPage } from '../../src/panels/impactHtml';

const AT = Date.parse('2026-11-20T10:00:20Z');
const NOW = Date.parse('2026-11-20T12:00:00Z');
const w = (callCount: number, averageMs: number, errorCount = 0): WindowNumbers => ({
  callCount,
  averageMs,
  callsPerMinute: callCount / 60,
  errorCount,
});
const HOSTILE = '<img src=x onerror=alert(1)>\u202e"&\'';

function impact(deployment: Deployment): DeploymentImpact {
  const windows = impactWindows(deployment.time, NOW)!;
  const rows = rankMovement(
    [
      { name: 'WebTransaction/Go/GET /quiet', kind: 'web', before: w(6000, 50), after: w(6000, 51) },
      { name: `WebTransaction/Go/${HOSTILE}`, kind: 'web', before: w(6000, 100), after: w(6000, 150) },
      { name: 'WebTransaction/Go/GET /rare', kind: 'web', before: w(3, 100), after: w(3, 900, 3) },
    ],
    windows,
  );
  return {
    kind: 'impact',
    application: { id: 1, name: 'storefront <b>web</b>' },
    deployment,
    previous: { id: 'p', revision: 'abc1234', time: AT - 86_400_000 },
    windows,
    rows,
    verdict: applicationVerdict(rows),
  };
}

describe('Impact view: the model', () => {
  const d: Deployment = { id: '7', revision: '3f2a9c1d00', user: 'ci-bot', time: AT };

  it('ranks the mover first with its evidence; the verdict says what it rests on', () => {
    const m = impactViewModel(impact(d));
    assert.equal(m.verdict?.verdict, 'worse');
    assert.equal(m.verdict?.label, 'Worse');
    assert.equal(m.rows[0].status, 'worse');
    assert.ok(m.rows[0].name.startsWith('WebTransaction/Go/<img'), 'the name, one plain line');
    assert.ok(!m.rows[0].name.includes('\u202e'), 'no bidi override');
    assert.deepEqual(m.verdict?.restsOn, [m.rows[0].name]);
    assert.match(m.rows[0].before, /^6000 calls · 100 ms avg/);
    assert.match(m.rows[0].after, /^6000 calls · 150 ms avg/);
    assert.match(m.rows[0].changes[0], /^Time consumed \+5,000 ms\/min \(\+50 %\)$/);
    assert.match(m.rows[0].evidence[0], /^Time consumed moved \(worse\): passes time consumed ±20 %/);
    assert.match(
      m.windows ?? '',
      /^Two windows of 60 minutes: before 2026-11-20T09:00–10:00 UTC, after 2026-11-20T10:01–11:01 UTC/,
    );
    assert.ok(
      m.facts.some((f) => f.includes('abc1234')),
      'the previous deployment',
    );
  });

  it('a row with too few calls says so, with its counts and the minimum, and no verdict', () => {
    const rare = impactViewModel(impact(d)).rows.find((r) => r.name.endsWith('/rare'))!;
    assert.equal(rare.status, 'tooFewCalls');
    assert.equal(rare.statusLabel, 'Too few calls');
    assert.deepEqual(rare.evidence, ['Too few calls to decide: 3 before and 3 after; each window needs 50.']);
  });

  it('too early: a note, no rows, no verdict', () => {
    const m = impactViewModel({ kind: 'tooEarly', application: { id: 1, name: 'a' }, deployment: d });
    assert.equal(m.rows.length, 0);
    assert.equal(m.verdict, undefined);
    assert.match(m.note ?? '', /nothing to compare yet/);
  });
});

describe('Impact view: the page', () => {
  const input = { cspSource: 'vscode-webview://x', styleUri: 'vscode-webview://x/impact.css' };
  const d: Deployment = { id: '7', revision: `<script>alert(1)</script>`, user: HOSTILE, time: AT };

  it('escapes every foreign text, runs no script and allows only its stylesheet', () => {
    const html = renderImpactPage(input, { kind: 'view', model: impactViewModel(impact(d)) });
    assert.ok(!/<script/i.test(html), 'no script element');
    assert.ok(!html.includes('<img'), 'no element from a name');
    assert.ok(!html.includes('<b>'), 'no element from the application name');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
    const csp = /Content-Security-Policy" content="([^"]*)"/.exec(html)![1];
    assert.equal(csp, "default-src 'none'; style-src vscode-webview://x");
    assert.equal(html.match(/<tbody>[\s\S]*<\/tbody>/)![0].match(/<tr /g)!.length, 3);
  });

  it('loading and error pages escape their text too', () => {
    assert.match(renderImpactPage(input, { kind: 'loading', title: '<t>' }), /<h1>&lt;t&gt;<\/h1>[\s\S]*role="status"/);
    const err = renderImpactPage(input, { kind: 'error', title: 't', message: '<a href=x>fix</a>' });
    assert.ok(err.includes('role="alert">&lt;a href=x&gt;fix&lt;/a&gt;'));
    assert.equal(escapeHtml(`&<>"'`), '&amp;&lt;&gt;&quot;&#39;');
  });
});
