// The load generator of bench/api.ts, in its own process so that it shares neither an event loop
// nor a V8 heap with the server it measures: `concurrency` keep-alive connections send GETs for
// `seconds` and report every latency on stdout as JSON. Plain node:http (as autocannon does, but
// with no dependency): undici's fetch costs several times more CPU per request, which on a small
// machine would be taken from the server being measured.
// Plain JavaScript: it starts without the TypeScript loader. Its arguments come as a JSON file (the
// path in argv): thousands of URLs do not fit in one command-line argument.
import fs from 'node:fs';
import http from 'node:http';

const { urls, authorization, concurrency, seconds } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let errors = 0;
const deadline = performance.now() + seconds * 1000;

const get = (url) =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });

const loop = async (offset) => {
  for (let i = offset; performance.now() < deadline; i += concurrency) {
    const started = performance.now();
    const status = await get(urls[i % urls.length]);
    latencies.push(performance.now() - started);
    if (status !== 200) errors += 1;
  }
};

await Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i)));
agent.destroy();
process.stdout.write(JSON.stringify({ latencies, errors, seconds }));
