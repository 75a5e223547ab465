// The demo's simulator in a worker thread (src/demo/demoController.ts): its answers never hold the extension's.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

import { DEMO_WORKER_DATA, DEMO_WORKER_STOP, type DemoWorkerMessage } from './demoWorkerProtocol';
import { DEMO_DATA_SET, Simulator, type SimulatorOptions } from './server';

export function runAsDemoWorker(): void {
  const port = parentPort;
  const options = (workerData as Record<string, SimulatorOptions | undefined> | null)?.[DEMO_WORKER_DATA];
  if (isMainThread || !port || !options) {
    return;
  }
  const say = (message: DemoWorkerMessage) => port.postMessage(message);
  Simulator.start({ ...DEMO_DATA_SET, ...options }).then(
    (sim) => {
      port.on('message', (m: unknown) => {
        if (m === DEMO_WORKER_STOP) {
          void sim.stop().finally(() => say({ type: 'stopped' }));
        }
      });
      say({ type: 'ready', baseUrls: sim.baseUrls, keys: { ...sim.keys }, certPem: sim.certPem });
    },
    (e: unknown) => say({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
  );
}
