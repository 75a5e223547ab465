/**
 * A simulator with a REST v2 and a NerdGraph client on it, for a unit suite that compares the two
 * backends: started in the enclosing `describe`'s `before`, stopped in its `after`.
 */
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { MemoryLogger } from '../../src/log';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';
import type { SimulatorOptions } from '../../src/simulator/server';

export interface BothBackends {
  sim: Simulator;
  rest: HttpTimesliceApi;
  ng: NerdGraphTimesliceApi;
}

export interface BothBackendsOptions {
  /** The simulator's other options (seed, applications, page size); the key and the clock are given. */
  simulator?: Omit<SimulatorOptions, 'usKey' | 'now'>;
  /** NerdGraph lists the applications first, so it has their GUIDs as a session has after the tree's first listing. */
  listApplications?: boolean;
}

/** Filled in by the `before` hook this registers; read it in later hooks and tests. */
export function simulatorWithBothBackends(key: string, now: Date, options: BothBackendsOptions = {}): BothBackends {
  const both = {} as BothBackends;
  before(async () => {
    both.sim = await Simulator.start({ ...options.simulator, usKey: key, now: () => now });
    const common = {
      baseUrl: both.sim.baseUrls.us,
      getApiKey: () => Promise.resolve(key),
      ca: both.sim.certPem,
      log: new MemoryLogger(),
      timeoutMs: 15_000,
      backoffBaseMs: 10,
    };
    both.rest = new HttpTimesliceApi(common);
    both.ng = new NerdGraphTimesliceApi({ ...common, accountId: SIMULATED_ACCOUNTS.us.id, now: () => now });
    if (options.listApplications) {
      await both.ng.listApplications();
    }
  });
  after(async () => {
    await Promise.all([both.rest.dispose(), both.ng.dispose()]);
    await both.sim.stop();
  });
  return both;
}
