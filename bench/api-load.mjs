// The load generator of bench/api.ts, in its own thread so that it does not share an event loop
// with the server it measures: `concurrency` loops send GETs for `seconds` and report latencies.
// Plain JavaScript: worker threads start without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';

const { urls, authorization, concurrency, seconds } = workerData;
const latencies = [];
let errors = 0;
const deadline = performance.now() + seconds * 1000;

const loop = async (offset) => {
  for (let i = offset; performance.now() < deadline; i += concurrency) {
    const started = performance.now();
    const res = await fetch(urls[i % urls.length], { headers: { authorization } });
    await res.arrayBuffer();
    if (res.status !== 200) errors += 1;
    latencies.push(performance.now() - started);
  }
};

await Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i)));
parentPort.postMessage({ latencies, errors, seconds });
