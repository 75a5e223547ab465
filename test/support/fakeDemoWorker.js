// Stands in for dist/demo.js in the demo controller's unit tests. TIMESLICE_FAKE_DEMO_WORKER (the worker gets a
// copy of the test's environment) says how it goes wrong: 'fail' answers that the simulator could not start,
// 'throw' throws as the file loads, 'ready' starts and then exits with code 3 when the test's channel says 'crash'.
const { BroadcastChannel, parentPort } = require('node:worker_threads');

const behaviour = process.env.TIMESLICE_FAKE_DEMO_WORKER;
if (behaviour === 'throw') {
  throw new Error('the bundle is broken');
}
if (behaviour === 'fail') {
  parentPort.postMessage({ type: 'failed', message: 'listen EADDRINUSE' });
} else {
  const channel = new BroadcastChannel('timeslice-fake-demo-worker');
  channel.onmessage = (event) => event.data === 'crash' && process.exit(3);
  parentPort.on('message', (m) => {
    if (m === 'stop') {
      channel.close();
      parentPort.postMessage({ type: 'stopped' });
    }
  });
  parentPort.postMessage({
    type: 'ready',
    baseUrls: { us: 'https://127.0.0.1:9/', eu: 'https://127.0.0.1:9/', http: 'http://127.0.0.1:9/' },
    keys: { us: 'fake-us', eu: 'fake-eu' },
    certPem: '',
  });
}
