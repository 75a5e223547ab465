/**
 * The one switch for test behaviour, read only by the test build. An environment variable, because a workspace
 * can write a setting but not an environment variable. Apart from testApi.ts, so services.ts takes the switches
 * without importing the test API, which itself reads the services.
 */

/** Set by the harnesses in the extension host's environment: switches separated by commas, e.g. `api,quiet`. */
export const TEST_HARNESS_ENV = 'TIMESLICE_TEST_HARNESS';

export interface HarnessSwitches {
  /** `api`: activate() returns the test API (only the test build has one; see extension.ts). */
  api: boolean;
  /** `quiet`: neither the first-run walkthrough nor the end-of-life notice shows (tests not about them). */
  quiet: boolean;
  /** `demo`, or `demo=restV2|nerdGraph`: the demo starts with the extension, speaking that backend first. */
  demo?: { backend?: string };
  /** `names=test`: the demo serves the names that catch markup injection; else plausible ones, as users see. */
  demoNames: 'test' | 'demo';
  /** `clockShift=<minutes>`: the demo's data clock runs ahead, so what a test sees never depends on the hour. */
  demoClockShift?: number;
  /** `story`: the demo's story (docs/impact.md) with the data clock still shifted, as impact.test.ts sets `demo.story`. */
  demoStory?: boolean;
  /** `storyUntil=<hex>`: with `story`, it stops at that deployment (a revision prefix), the latest then. */
  demoStoryUntil?: string;
  /** `emptyWebview` (test builds): a status-bar item opens an empty webview, for the click-to-chart bench. */
  emptyWebview: boolean;
  /**
   * `indexGate=<n>`: the code index's file access counted on a status-bar item, and every read after the
   * first `n` held (code/indexProbe.ts), so a UI test sees what a feature read and that none read the folder whole.
   */
  indexGate?: number;
  /** `refreshFloor=<seconds>`: `timeslice.refreshIntervalSeconds` may go down to this (a user's floor is 60 s). */
  refreshFloor?: number;
}

/** Reads the switches; words it does not know are ignored, so an old harness cannot turn on anything. */
export function harnessSwitches(env: NodeJS.ProcessEnv = process.env): HarnessSwitches {
  const words = (env[TEST_HARNESS_ENV] ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  const demo = words.find((w) => w === 'demo' || w.startsWith('demo='));
  const shift = words.find((w) => /^clockShift=-?\d{1,9}$/.test(w));
  const until = words.find((w) => /^storyUntil=[0-9a-f]{7,40}$/.test(w));
  const count = (name: string) => {
    const word = words.find((w) => w.startsWith(`${name}=`) && /^\d{1,6}$/.test(w.slice(name.length + 1)));
    return word === undefined ? undefined : Number(word.slice(name.length + 1));
  };
  const indexGate = count('indexGate');
  const refreshFloor = count('refreshFloor');
  return {
    api: words.includes('api'),
    quiet: words.includes('quiet'),
    demo: demo === undefined ? undefined : demo === 'demo' ? {} : { backend: demo.slice('demo='.length) },
    demoNames: words.includes('names=test') ? 'test' : 'demo',
    emptyWebview: words.includes('emptyWebview'),
    ...(shift ? { demoClockShift: Number(shift.slice('clockShift='.length)) } : {}),
    ...(words.includes('story') ? { demoStory: true } : {}),
    ...(until ? { demoStoryUntil: until.slice('storyUntil='.length) } : {}),
    ...(indexGate !== undefined ? { indexGate } : {}),
    ...(refreshFloor !== undefined ? { refreshFloor } : {}),
  };
}

/** The variable's value for `switches`, for the TypeScript harnesses (the JS ones write it by hand). */
export function harnessValue(switches: Partial<HarnessSwitches>): string {
  return [
    ...(switches.api ? ['api'] : []),
    ...(switches.quiet ? ['quiet'] : []),
    ...(switches.demo ? [switches.demo.backend ? `demo=${switches.demo.backend}` : 'demo'] : []),
    ...(switches.demoNames === 'test' ? ['names=test'] : []),
    ...(switches.demoClockShift !== undefined ? [`clockShift=${switches.demoClockShift}`] : []),
    ...(switches.demoStory ? ['story'] : []),
    ...(switches.demoStoryUntil !== undefined ? [`storyUntil=${switches.demoStoryUntil}`] : []),
    ...(switches.emptyWebview ? ['emptyWebview'] : []),
    ...(switches.indexGate !== undefined ? [`indexGate=${switches.indexGate}`] : []),
    ...(switches.refreshFloor !== undefined ? [`refreshFloor=${switches.refreshFloor}`] : []),
  ].join(',');
}
