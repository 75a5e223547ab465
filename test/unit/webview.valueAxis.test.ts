/**
 * The value (y) axis of a panel's chart by its unit (webview/shared/valueAxis.ts, used by chartConfig.ts).
 */
import * as assert from 'node:assert/strict';

import { valueScaleBounds, valueTickPrecision } from '../../webview/shared/valueAxis';

describe('webview: chart value axis', () => {
  it('counts get whole ticks only; rates and times keep their fractions', () => {
    assert.deepEqual(valueTickPrecision('count'), { precision: 0 });
    assert.deepEqual(valueTickPrecision('rpm'), {});
    assert.deepEqual(valueTickPrecision('ms'), {});
  });

  it('an Apdex axis spans 0 to 1; others start at zero with some room above', () => {
    assert.deepEqual(valueScaleBounds('apdex'), { min: 0, max: 1 });
    assert.deepEqual(valueScaleBounds('ms'), { grace: '5%' });
  });
});
