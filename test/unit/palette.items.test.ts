import assert from 'node:assert/strict';

import type { Application, Host, Instance } from '../../src/api/types';
import type { Navigation, Timers } from '../../src/palette/items';
import {
  acceptedValues,
  applicationSummaryItem,
  DebouncedSearch,
  MAX_METRIC_ITEMS,
  metricNameItems,
  prettyJson,
  rangePresetItems,
  runSteps,
  scopeItems,
} from '../../src/palette/items';

function app(over: Partial<Application> = {}): Application {
  return {
    id: 42,
    name: 'storefront-web',
    language: 'java',
    healthStatus: 'green',
    reporting: true,
    settings: {},
    hostIds: [],
    instanceIds: [],
    serverIds: [],
    summary: { responseTime: 123.4, throughput: 1234, errorRate: 0.0123, apdexTarget: 0.5, apdexScore: 0.94 },
    ...over,
  };
}

/** Timers run by hand: `tick()` fires what is due. */
class ManualTimers implements Timers {
  private pending = new Map<number, () => void>();
  private next = 0;
  set(fn: () => void): unknown {
    this.pending.set(++this.next, fn);
    return this.next;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  tick(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    due.forEach((fn) => fn());
  }
  get count(): number {
    return this.pending.size;
  }
}

const flush = () => new Promise((r) => setImmediate(r));

describe('palette: picker items', () => {
  it('shows health as a codicon and the summary numbers with the error rate', () => {
    const item = applicationSummaryItem(app());
    assert.equal(item.label, '$(pass) storefront-web');
    assert.equal(item.description, 'Apdex 0.94 · 123 ms · 1.2k rpm · 1.23 % errors');
    assert.equal(item.detail, 'ID 42 · java · Healthy');
  });

  it('maps every health to its icon; a non-reporting application is shown as not reporting', () => {
    const icons = (['green', 'orange', 'red', 'gray', 'unknown'] as const).map(
      (h) => applicationSummaryItem(app({ healthStatus: h })).label.split(' ')[0],
    );
    assert.deepEqual(icons, ['$(pass)', '$(warning)', '$(error)', '$(circle-slash)', '$(question)']);
    const silent = applicationSummaryItem(app({ reporting: false, summary: undefined, healthStatus: 'green' }));
    assert.equal(silent.label, '$(circle-slash) storefront-web');
    assert.equal(silent.description, 'not reporting');
    assert.match(silent.detail!, /Not reporting/);
  });

  it("offers the panels' range presets from 30 minutes to 7 days", () => {
    const items = rangePresetItems();
    assert.deepEqual(
      items.map((i) => i.preset),
      ['30m', '1h', '3h', '6h', '24h', '3d', '7d'],
    );
    assert.equal(items[0].minutes, 30);
    assert.equal(items.at(-1)!.minutes, 7 * 24 * 60);
  });

  it('lists the application, then its hosts, then its instances, each with its scope', () => {
    const hosts = [{ id: 7, host: 'web-1' } as Host];
    const instances = [{ id: 9, host: 'web-1', port: 8080 } as Instance, { id: 10, host: 'web-2' } as Instance];
    const items = scopeItems({ id: 42, name: 'storefront-web' }, hosts, instances);
    assert.deepEqual(
      items.map((i) => i.scope),
      [
        { kind: 'application', applicationId: 42 },
        { kind: 'host', applicationId: 42, hostId: 7 },
        { kind: 'instance', applicationId: 42, instanceId: 9 },
        { kind: 'instance', applicationId: 42, instanceId: 10 },
      ],
    );
    assert.deepEqual(
      items.map((i) => i.title),
      ['storefront-web', 'web-1', 'web-1:8080', 'web-2'],
    );
  });

  it('shows metric names with their value count, at most MAX_METRIC_ITEMS', () => {
    const names = Array.from({ length: MAX_METRIC_ITEMS + 5 }, (_, i) => ({
      name: `M/${i}`,
      values: i === 0 ? ['a'] : ['a', 'b'],
    }));
    const items = metricNameItems(names);
    assert.equal(items.length, MAX_METRIC_ITEMS);
    assert.equal(items[0].description, '1 value');
    assert.equal(items[1].description, '2 values');
  });

  it('takes the checked values, or the highlighted one when none is checked', () => {
    assert.deepEqual(acceptedValues(['a', 'b'], ['c']), ['a', 'b']);
    assert.deepEqual(acceptedValues([], ['c', 'd']), ['c']);
    assert.deepEqual(acceptedValues([], []), []);
  });
});

describe('palette: debounced metric-name search', () => {
  function setup() {
    const timers = new ManualTimers();
    const calls: string[] = [];
    const answers = new Map<string, { resolve(v: string[]): void; reject(e: Error): void }>();
    const applied: Array<[string, string[]]> = [];
    const busy: boolean[] = [];
    const failed: string[] = [];
    const search = new DebouncedSearch(
      (q: string) => {
        calls.push(q);
        return new Promise<string[]>((resolve, reject) => answers.set(q, { resolve, reject }));
      },
      { apply: (q, r) => applied.push([q, r]), fail: (q) => failed.push(q), busy: (b) => busy.push(b) },
      250,
      timers,
    );
    return { timers, calls, answers, applied, busy, failed, search };
  }

  it('sends only the last query typed during the pause', async () => {
    const t = setup();
    t.search.update('H');
    t.search.update('Ht');
    t.search.update('Http');
    assert.deepEqual(t.calls, []);
    assert.equal(t.timers.count, 1);
    t.timers.tick();
    assert.deepEqual(t.calls, ['Http']);
    t.answers.get('Http')!.resolve(['HttpDispatcher']);
    await flush();
    assert.deepEqual(t.applied, [['Http', ['HttpDispatcher']]]);
    assert.deepEqual(t.busy, [true, true, true, false]);
  });

  it('drops an older answer that arrives after a newer query was sent', async () => {
    const t = setup();
    t.search.update('', true);
    t.search.update('Data');
    t.timers.tick();
    t.answers.get('Data')!.resolve(['Datastore/all']);
    await flush();
    t.answers.get('')!.resolve(['everything']);
    await flush();
    assert.deepEqual(t.applied, [['Data', ['Datastore/all']]]);
  });

  it('reports a failed search, and nothing after dispose', async () => {
    const t = setup();
    t.search.update('x', true);
    t.answers.get('x')!.reject(new Error('boom'));
    await flush();
    assert.deepEqual(t.failed, ['x']);
    t.search.update('y');
    t.search.dispose();
    assert.equal(t.timers.count, 0);
    t.search.update('z', true);
    assert.deepEqual(t.calls, ['x']);
  });
});

describe('palette: pretty print of a raw response', () => {
  it('indents JSON by two spaces, keeping every value (escapes included)', () => {
    const body = '{"a":[1,2.5,{"b":"<x> & \\u00e9"}],"c":null}';
    assert.equal(
      prettyJson(body),
      '{\n  "a": [\n    1,\n    2.5,\n    {\n      "b": "<x> & é"\n    }\n  ],\n  "c": null\n}\n',
    );
    assert.deepEqual(JSON.parse(prettyJson(body)!), JSON.parse(body));
  });

  it('gives up on what is not JSON', () => {
    assert.equal(prettyJson('<?xml version="1.0"?><a/>'), undefined);
    assert.equal(prettyJson('{"cut": '), undefined);
  });
});

describe('palette: steps with Back', () => {
  /** A step that answers from a script: 'next', 'back' or 'stop'; records what it was offered. */
  function scripted(name: string, script: Array<'next' | 'back' | 'stop'>, log: string[]) {
    return (nav: Navigation): Promise<boolean> => {
      const answer = script.shift() ?? 'stop';
      log.push(`${name}:${answer}${nav.canGoBack ? '' : '(first)'}`);
      if (answer === 'back') {
        nav.wentBack = true;
      }
      return Promise.resolve(answer === 'next');
    };
  }

  it('runs the steps in order and finishes', async () => {
    const log: string[] = [];
    assert.equal(await runSteps([scripted('a', ['next'], log), scripted('b', ['next'], log)]), true);
    assert.deepEqual(log, ['a:next(first)', 'b:next']);
  });

  it('goes back to the step before, which runs again', async () => {
    const log: string[] = [];
    const done = await runSteps([
      scripted('a', ['next', 'next'], log),
      scripted('b', ['back', 'next', 'next'], log),
      scripted('c', ['back', 'next'], log),
    ]);
    assert.equal(done, true);
    assert.deepEqual(log, ['a:next(first)', 'b:back', 'a:next(first)', 'b:next', 'c:back', 'b:next', 'c:next']);
  });

  it('stops at Escape in any step, and the first step has no Back', async () => {
    const log: string[] = [];
    assert.equal(
      await runSteps([scripted('a', ['next'], log), scripted('b', ['stop'], log), scripted('c', ['next'], log)]),
      false,
    );
    assert.deepEqual(log, ['a:next(first)', 'b:stop']);
    const first: string[] = [];
    assert.equal(await runSteps([scripted('a', ['back'], first)]), false);
  });
});
