/**
 * The demo's data set as the UI suites' workbenches serve it: its data clock shifted as the harness
 * shifts the demo's (test/support/dataClock.js), so the values a test expects are the ones it is shown.
 */
import { DEMO_DATA_SET } from '../../../src/simulator/dataset';
import { dataClockShift } from '../../support/dataClock';

export const DEMO_TEST_DATA_SET = { ...DEMO_DATA_SET, clockShiftMinutes: dataClockShift() } as const;
