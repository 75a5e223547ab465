/**
 * Injection sweep (pure level): link, icon, HTML and markdown payloads in every string field of every
 * record, through everything that words records for VS Code without the `vscode` module: quick-pick
 * items, the status bar's text and tooltip, health alerts and markdown escaping. Nothing may come out
 * as a link, an icon we did not put there, or raw HTML. (The real workbench's DOM is the UI suite's job.)
 */
import * as assert from 'node:assert/strict';

import type { Application, Host, Instance, MetricName } from '../../src/api/types';
import { applicationSummaryItem, metricNameItems, scopeItems } from '../../src/palette/items';
import { alertMessage } from '../../src/status/healthAlerts';
import type { StatusSettings } from '../../src/config';
import { describeStatus } from '../../src/status/statusModel';
import { escapeMarkdown } from '../../src/util/safeText';
import { safeText } from '../../src/util/safeText';

const PAYLOADS = [
  '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D)',
  '[x](https://evil.example/)',
  '<command:timeslice.removeApiKey>',
  '$(zap) $(sync~spin)',
  '<img src=x onerror=alert(1)><script>alert(2)</script>',
  '**bold** `code` # head ![i](https://evil.example/i.png)',
  '\u202etxt.exe\u0000\n[a](command:b)',
];
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)|<(?:https?|command):/i;
const ICON = /\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/gi;
const RAW_HTML = /<\s*(img|script|a|iframe|svg)\b/i;

function appWith(s: string): Application {
  return {
    id: 7,
    name: s,
    language: s,
    healthStatus: 'orange',
    reporting: true,
    lastReportedAt: s,
    summary: { responseTime: 1, throughput: 2, errorRate: 0.1, apdexTarget: 0.5, apdexScore: 0.9 },
    settings: {
      appApdexThreshold: 0.5,
      endUserApdexThreshold: 7,
      enableRealUserMonitoring: false,
      useServerSideConfig: false,
    },
    hostIds: [],
    instanceIds: [],
    serverIds: [],
  } as unknown as Application;
}

/** The icons a text shows, minus the ones the same text shows for a harmless name. */
function foreignIcons(text: string, benign: string): string[] {
  const ours = new Set(benign.match(ICON) ?? []);
  return (text.match(ICON) ?? []).filter((i) => !ours.has(i));
}

const SETTINGS: StatusSettings = { colorMode: 'health', apdexWarning: 0.85, apdexError: 0.7, showWhenUnbound: true };

describe('injection sweep: hostile names in every string field', () => {
  for (const payload of PAYLOADS) {
    it(`stays literal: ${JSON.stringify(payload).slice(0, 50)}`, () => {
      const app = appWith(payload);
      const plain = appWith('plain');
      const hosts = [{ id: 1, host: payload } as Host];
      const instances = [{ id: 2, host: payload, port: 8080 } as Instance];
      const names: MetricName[] = [{ name: payload, values: [payload] }];
      // Quick picks, notifications and titles: plain text where VS Code renders links and icons.
      const texts: Array<[string, string, string]> = [
        ['application pick label', applicationSummaryItem(app).label, applicationSummaryItem(plain).label],
        [
          'application pick detail',
          applicationSummaryItem(app).detail ?? '',
          applicationSummaryItem(plain).detail ?? '',
        ],
        ...scopeItems(app, hosts, instances).map((i, n): [string, string, string] => [
          `scope pick ${n}`,
          i.label,
          scopeItems(plain, [{ id: 1, host: 'h' } as Host], [{ id: 2, host: 'h', port: 8080 } as Instance])[n].label,
        ]),
        ['metric pick label', metricNameItems(names)[0].label, ''],
        ['health alert', alertMessage({ name: payload, from: 'green', to: 'red' }), ''],
        ['error notification (command wrapper)', safeText(`The service said: ${payload}`, 1000), ''],
      ];
      // Markdown: tooltips of the status bar (and the tree, through the same escaping).
      const bound = describeStatus(
        {
          kind: 'bound',
          binding: { id: 7, region: 'demo' },
          snapshot: { app, fetchedAt: 0, error: { message: payload, at: 0 } },
        },
        SETTINGS,
        0,
      );
      const boundPlain = describeStatus(
        {
          kind: 'bound',
          binding: { id: 7, region: 'demo' },
          snapshot: { app: plain, fetchedAt: 0, error: { message: 'plain', at: 0 } },
        },
        SETTINGS,
        0,
      );
      const markdown: Array<[string, string, string]> = [
        ['status bar tooltip', bound.tooltip, boundPlain.tooltip],
        ['tree tooltip text', escapeMarkdown(payload), ''],
      ];
      for (const [place, text, benign] of [...texts, ...markdown]) {
        assert.doesNotMatch(text, LINK, `${place} has a link: ${text}`);
        assert.deepEqual(foreignIcons(text, benign), [], `${place} renders an icon from the name: ${text}`);
        assert.doesNotMatch(
          text,
          // eslint-disable-next-line no-control-regex -- these control characters are what the sweep looks for.
          /[\u0000-\u0008\u000b-\u001f\u202a-\u202e]/,
          `${place} has control or bidi characters`,
        );
      }
      for (const [place, text] of markdown) {
        assert.doesNotMatch(text, RAW_HTML, `${place} has raw HTML`);
        assert.doesNotMatch(text, /(?<!\\)\[[^\]]*(?<!\\)\]\(/, `${place} has markdown link syntax`);
      }
      assert.equal(bound.text, boundPlain.text, 'the status bar text never shows the name');
    });
  }
});
