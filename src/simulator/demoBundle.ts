// dist/demo.js (esbuild.js): the simulator; loaded as the demo's worker thread, it starts one (demoWorker.ts).
import { runAsDemoWorker } from './demoWorker';

export * from './server';

runAsDemoWorker();
