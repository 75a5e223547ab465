// What the demo's simulator worker (demoWorker.ts) and src/demo/demoController.ts say; no imports, no simulator.

export const DEMO_WORKER_DATA = 'timesliceDemoSimulator';
export const DEMO_WORKER_STOP = 'stop';

export type DemoWorkerMessage =
  | {
      type: 'ready';
      baseUrls: { us: string; eu: string; http: string };
      keys: { us: string; eu: string };
      certPem: string;
    }
  | { type: 'failed'; message: string }
  | { type: 'stopped' };
