// Dev only: deterministic sample messages for the panel (bench and screenshots). Loads in Node
// (module.exports) and in the dev page (window.__devSample).
(function (root, factory) {
  const api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.__devSample = api;
})(this, () => {
  const MINUTE = 60_000;
  const PRESET_MINUTES = { '30m': 30, '1h': 60, '3h': 180, '6h': 360, '24h': 1440, '3d': 4320, '7d': 10080 };
  const VALID_PERIODS = {
    '30m': [60, 300],
    '1h': [60, 300, 900],
    '3h': [60, 300, 900, 1800],
    '6h': [300, 900, 1800, 3600],
    '24h': [900, 1800, 3600, 7200],
    '3d': [3600, 7200, 21600],
    '7d': [3600, 21600, 43200, 86400],
  };

  function rng(seed) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** A wavy, noisy series with optional gaps and a spike, rounded to 3 decimals. */
  function wave(seed, count, from, stepMs, base, amplitude, options = {}) {
    const random = rng(seed);
    const gaps = options.gaps || [];
    const points = [];
    for (let i = 0; i < count; i++) {
      const t = from + i * stepMs;
      let v =
        base + amplitude * Math.sin((i / count) * Math.PI * (2 + (seed % 3))) + amplitude * 0.35 * (random() - 0.5);
      if (options.spikeAt !== undefined && Math.abs(i - options.spikeAt * count) < Math.max(1, count / 150))
        v += amplitude * 2.5;
      const gap = gaps.some(([a, b]) => i >= a * count && i < b * count);
      points.push([t, gap ? null : Math.round(Math.max(0, v) * 1000) / 1000]);
    }
    return points;
  }

  function resolve(range, now) {
    if (range.preset === 'custom') {
      const from = Date.parse(range.from);
      const to = Date.parse(range.to);
      return { from, to, period: range.period || 60, validPeriods: [60, 300, 900, 3600] };
    }
    const valid = VALID_PERIODS[range.preset];
    const to = Math.floor(now / MINUTE) * MINUTE;
    return {
      from: to - PRESET_MINUTES[range.preset] * MINUTE,
      to,
      period: range.period && valid.includes(range.period) ? range.period : valid[0],
      validPeriods: valid,
    };
  }

  function dataMessage(state, now, charts, extra = {}) {
    const r = resolve(state.range, now);
    return {
      type: 'data',
      summary: [],
      charts,
      range: { from: new Date(r.from).toISOString(), to: new Date(r.to).toISOString(), period: r.period },
      validPeriods: r.validPeriods,
      fetchedAt: new Date(now).toISOString(),
      // Two deployment markers, the later one with the foreign text a panel must show as text.
      deployments: [
        {
          time: r.to - Math.round((r.to - r.from) * 0.25),
          revision: 'a1b2c3d4e5f60718',
          short: 'a1b2c3d',
          user: 'eve\u202egnp.exe',
          description: '[Open terminal](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>',
          changelog: '- Cache product pages for 60 s\n<script>alert(1)</script>',
        },
        {
          time: r.to - Math.round((r.to - r.from) * 0.7),
          revision: '9f8e7d6c5b4a3921',
          short: '9f8e7d6',
          user: 'mara.keller',
          description: 'Release v4.2.0',
          changelog: '- Upgrade HTTP client to 5.2',
        },
      ],
      ...extra,
    };
  }

  const baseRange = { preset: '30m', compare: 'none' };

  function initFor(kind, now) {
    const entities = {
      application: { kind: 'application', applicationId: 42, title: 'Checkout <b>service</b> & "payments"' },
      breakdown: { kind: 'breakdown', applicationId: 42, title: 'Checkout service · breakdown' },
      explorer: { kind: 'explorer', applicationId: 42, title: 'Checkout service · metric explorer' },
      host: { kind: 'host', applicationId: 42, hostId: 7, title: 'web-03:8080 · Checkout service' },
    };
    const state = {
      entity: entities[kind] || entities.application,
      range: { ...baseRange, compare: kind === 'application' ? 'day' : 'none' },
      view: 'chart',
    };
    if (kind === 'explorer')
      state.explorer = { metrics: ['Datastore/all', 'External/all'], values: ['average_response_time', 'call_count'] };
    return { state, now };
  }

  function dataFor(state, now) {
    const r = resolve(state.range, now);
    const n = Math.max(2, Math.round((r.to - r.from) / (r.period * 1000)));
    const step = r.period * 1000;
    const compare = state.range.compare !== 'none';
    const compareLabel = state.range.compare === 'day' ? '1 day earlier' : '1 week earlier';
    switch (state.entity.kind) {
      case 'breakdown': {
        const parts = [
          ['Application code', '--vscode-charts-blue', 60, 15],
          ['Datastore', '--vscode-charts-purple', 35, 10],
          ['Web external', '--vscode-charts-green', 25, 12],
          ['Memcache', '--vscode-charts-orange', 6, 2],
          ['Request queuing', '--vscode-charts-red', 4, 3],
        ];
        const series = parts.map(([label, color, base, amp], i) => ({
          label,
          color,
          description: `${label}: component time per web request`,
          points: wave(11 + i, n, r.from, step, base, amp),
        }));
        const total = series[0].points.map((p, i) => [
          p[0],
          Math.round(series.reduce((s, x) => s + (x.points[i][1] || 0), 0) * 1000) / 1000,
        ]);
        return dataMessage(
          state,
          now,
          [
            { id: 'breakdown', title: 'Response-time breakdown (per web request)', unit: 'ms', stacked: true, series },
            {
              id: 'responseTime',
              title: 'Response time including queuing',
              unit: 'ms',
              series: [{ label: 'Response time', color: '--vscode-charts-foreground', points: total }],
            },
          ],
          {
            summary: summaryItems(),
            summaryNote: 'Ruby agent 3.11.0 or later (datastore metrics reported): generic datastore/database time.',
          },
        );
      }
      case 'explorer': {
        const sel = state.explorer || { metrics: [], values: [] };
        if (sel.metrics.length === 0 || sel.values.length === 0) {
          return dataMessage(state, now, [], {
            summaryNote: 'Search the metric names, pick metrics and the values to chart.',
          });
        }
        const palette = [
          '--vscode-charts-blue',
          '--vscode-charts-green',
          '--vscode-charts-orange',
          '--vscode-charts-purple',
          '--vscode-charts-red',
          '--vscode-charts-yellow',
        ];
        const charts = sel.values.map((value, vi) => ({
          id: `value:${value}`,
          title: value,
          unit: value,
          series: sel.metrics.map((m, i) => ({
            label: m,
            color: palette[i % palette.length],
            points: wave(
              100 + vi * 10 + i,
              n,
              r.from,
              step,
              value.includes('count') ? 400 : 20,
              value.includes('count') ? 120 : 8,
            ),
          })),
        }));
        const table = {
          columns: sel.values,
          rows: sel.metrics.map((m, i) => ({
            metric: m,
            values: sel.values.map((v, j) =>
              (i + j) % 5 === 4 ? null : Math.round((value(v) + i * 3.7) * 1000) / 1000,
            ),
          })),
        };
        function value(v) {
          return v.includes('count') ? 24_000 : 18.25;
        }
        return dataMessage(state, now, charts, { table });
      }
      default: {
        const rt = {
          label: 'Web response time',
          color: '--vscode-charts-blue',
          description: 'HttpDispatcher average_response_time (without request queuing)',
          points: wave(1, n, r.from, step, 120, 30, { spikeAt: 0.7 }),
        };
        const charts = [
          {
            id: 'responseTime',
            title: 'Response time',
            unit: 'ms',
            series: compare
              ? [
                  rt,
                  {
                    ...rt,
                    label: `Web response time (${compareLabel})`,
                    compare: true,
                    points: wave(2, n, r.from, step, 105, 25),
                  },
                ]
              : [rt],
          },
          {
            id: 'throughput',
            title: 'Throughput',
            unit: 'rpm',
            series: [
              {
                label: 'Requests per minute',
                color: '--vscode-charts-green',
                points: wave(3, n, r.from, step, 1200, 300, { gaps: [[0.4, 0.47]] }),
              },
            ],
          },
          {
            id: 'errorRate',
            title: 'Error rate',
            unit: '%',
            series: [
              {
                label: 'Errors / requests',
                color: '--vscode-charts-red',
                description: 'Errors/all error_count ÷ HttpDispatcher call_count',
                points: wave(4, n, r.from, step, 0.4, 0.3),
              },
            ],
          },
          {
            id: 'apdex',
            title: 'Apdex',
            unit: 'apdex',
            notFound: ['EndUser/Apdex'],
            series: [
              {
                label: 'App server',
                color: '--vscode-charts-purple',
                description: '(satisfied + tolerating ÷ 2) ÷ count',
                points: wave(5, n, r.from, step, 0.9, 0.05),
              },
            ],
          },
        ];
        if (state.entity.kind === 'host') {
          charts.push({
            id: 'cpu',
            title: 'CPU user time',
            unit: '%',
            series: [],
            error: 'The service answered 503 Service Unavailable for CPU/User Time. Other charts are not affected.',
          });
        }
        return dataMessage(state, now, charts, {
          summary: summaryItems(),
          summaryNote:
            "Summary values are the service's rolling 3-4 minute averages; charts are timeslice data for the range.",
        });
      }
    }
  }

  function summaryItems() {
    return [
      { label: 'Apdex', value: '0.94', hint: 'target 0.5 s' },
      { label: 'Response time', value: '123 ms' },
      { label: 'Throughput', value: '1.2k rpm' },
      { label: 'Error rate', value: '0.12 %' },
      { label: 'Health', value: 'Healthy' },
      { label: 'Hosts / instances', value: '3 / 6' },
      { label: 'Last reported', value: 'just now' },
    ];
  }

  const NAMES = [
    'Apdex',
    'Datastore/all',
    'Datastore/allWeb',
    'Datastore/MySQL/allWeb',
    'Datastore/statement/MySQL/orders/select',
    'Database/allWeb',
    'External/all',
    'External/allWeb',
    'External/payments.example.com/all',
    'HttpDispatcher',
    'Memcache/allWeb',
    'WebFrontend/QueueTime',
    'WebTransaction',
    'WebTransaction/Controller/checkout/index',
    'WebTransaction/Controller/cart/show',
    'WebTransactionTotalTime',
    'Errors/all',
    'CPU/User Time',
  ];
  const TIMING = [
    'average_response_time',
    'calls_per_minute',
    'call_count',
    'min_response_time',
    'max_response_time',
    'average_exclusive_time',
    'total_call_time',
  ];
  function searchNames(query) {
    const q = String(query || '').toLowerCase();
    return NAMES.filter((n) => n.toLowerCase().includes(q)).map((name) => ({
      name,
      values: name === 'Apdex' ? ['score', 's', 't', 'f', 'count'] : TIMING,
    }));
  }

  /** The bench's message: `series` series of `points` points, split over `charts` charts. */
  function benchData({ series = 10, points = 3000, charts = 1, now = Date.UTC(2026, 0, 5, 12) } = {}) {
    const step = MINUTE;
    const from = now - points * step;
    const colors = [
      '--vscode-charts-blue',
      '--vscode-charts-green',
      '--vscode-charts-orange',
      '--vscode-charts-purple',
      '--vscode-charts-red',
      '--vscode-charts-yellow',
    ];
    const all = Array.from({ length: series }, (_, i) => ({
      label: `Series ${i + 1}`,
      color: colors[i % colors.length],
      description: `Bench series ${i + 1}`,
      points: wave(1000 + i, points, from, step, 100 + i * 20, 30, { gaps: i === 0 ? [[0.5, 0.51]] : [] }),
    }));
    const perChart = Math.ceil(series / charts);
    const chartList = Array.from({ length: charts }, (_, c) => ({
      id: `bench${c}`,
      title: `Bench chart ${c + 1}`,
      unit: 'ms',
      series: all.slice(c * perChart, (c + 1) * perChart),
    }));
    return {
      type: 'data',
      summary: summaryItems(),
      charts: chartList,
      range: { from: new Date(from).toISOString(), to: new Date(now).toISOString(), period: 60 },
      validPeriods: [60, 300, 900, 3600],
      fetchedAt: new Date(now).toISOString(),
    };
  }

  return { initFor, dataFor, searchNames, benchData, wave };
});
