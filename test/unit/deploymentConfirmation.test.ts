/** Record Deployment's confirmation (src/commands/deploymentConfirmation.ts): the whole revision and the account, on both backends. */
import * as assert from 'node:assert/strict';

import { deploymentConfirmation } from '../../src/commands/deploymentConfirmation';

const SHA = '3f2c1e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e';

describe("Record Deployment's confirmation", () => {
  it('NerdGraph: the whole revision and the chosen account', () => {
    const text = deploymentConfirmation({
      revision: ` ${SHA} `,
      applicationName: 'café-checkout',
      connectionLabel: 'US',
      accountId: 1234567,
      backendLabel: 'NerdGraph',
    });
    assert.equal(text, `Record deployment ${SHA} of "café-checkout" in account 1234567 (US), through NerdGraph?`);
  });

  it("REST v2: the whole revision and the key's account (REST has no account id)", () => {
    const text = deploymentConfirmation({
      revision: 'release-2026.11.28-hotfix-payments-rounding',
      applicationName: 'café-checkout',
      connectionLabel: 'EU',
      backendLabel: 'REST v2',
    });
    assert.equal(
      text,
      'Record deployment release-2026.11.28-hotfix-payments-rounding of "café-checkout" in the account the EU key belongs to, through REST v2?',
    );
  });

  it('foreign text stays text: no link, no icon', () => {
    const text = deploymentConfirmation({
      revision: '[x](command:workbench.action.terminal.new)',
      applicationName: '$(alert) app',
      connectionLabel: 'US',
      backendLabel: 'REST v2',
    });
    assert.ok(!text.includes('](command:') && !text.includes('$(alert)'), text);
  });
});
