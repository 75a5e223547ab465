/**
 * The data clock (SimulatorOptions.clockShiftMinutes, the harness's `clockShift=` switch): a data set
 * whose clock is shifted to an instant shows, at any real hour, what an unshifted one shows at that
 * instant, with real timestamps.
 */
import assert from 'node:assert/strict';

import { Dataset } from '../../src/simulator/dataset';
import { deploymentsBetween } from '../../src/simulator/deployments';
import { minuteOf } from '../../src/simulator/minutes';
import { Simulator } from '../../src/simulator/server';

const MINUTE = 60_000;
const DATA_CLOCK = Date.parse('2026-11-24T10:30:00Z');

describe('the simulator data clock', () => {
  const unshifted = new Dataset({ seed: 42, apps: 16 });

  for (const realNow of ['2026-11-28T02:45:00Z', '2026-11-28T19:10:00Z', '2027-03-01T10:30:00Z']) {
    it(`at ${realNow}, a data set shifted to the data clock has the deployments and daily level it has then`, () => {
      const shiftMinutes = (DATA_CLOCK - Date.parse(realNow)) / MINUTE;
      const shifted = new Dataset({ seed: 42, apps: 16, clockShiftMinutes: shiftMinutes });
      const to = Date.parse(realNow);
      const from = to - 2 * 86_400_000;
      let seen = 0;
      shifted.apps.forEach((app, i) => {
        const there = deploymentsBetween(unshifted, unshifted.apps[i], from + shiftMinutes * MINUTE, DATA_CLOCK);
        const here = deploymentsBetween(shifted, app, from, to);
        assert.deepEqual(
          here.map((d) => ({ ...d, at: d.at + shiftMinutes * MINUTE })),
          there,
          `${app.name}: the same deployments, each at its real time`,
        );
        seen += here.length;
        const minute = to / MINUTE;
        const scope = { kind: 'application', app } as const;
        const calls = minuteOf(42, scope, minute).calls;
        const callsThen = minuteOf(42, { kind: 'application', app: unshifted.apps[i] }, minute + shiftMinutes).calls;
        // The noise is keyed on the real minute; the daily level follows the data clock (±15 % noise each).
        assert.ok(Math.abs(calls - callsThen) <= 0.35 * Math.max(calls, callsThen) + 1, `${app.name}: daily level`);
      });
      assert.ok(seen > 0, 'two days hold deployments');
    });
  }

  it('refuses a shift that is not a whole number of minutes', async () => {
    await assert.rejects(Simulator.start({ clockShiftMinutes: 1.5 }), /clockShiftMinutes must be a whole number/);
  });
});
