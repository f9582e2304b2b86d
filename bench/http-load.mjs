// The clients of bench/http.ts, in a process of their own (as bench/api-load.mjs): each email is
// posted to the public API as a customer's client would (multipart, access key), its end waited for
// by a status read, and its result read once. Reports on stdout, as JSON, each message's
// submit-to-result latency and categories, and the pipeline's extraction of the first few (the
// answers the benchmark checks against the reference evaluation).
//
// Two ways to offer the load:
//   `clients`: N clients, each submitting its next email as soon as it has the last one's result;
//   `rate`:    one email every 1/R s whatever the answers, each followed on its own (open loop).
// How the end is waited for: `wait` (GET …/{id}?wait=30, the long poll: the result comes with the
// answer once the analysis ended, fetched once), `submit-wait` (POST …?wait=30: one call brings
// the result) or, against a server without them, `poll` (GET …/{id} every 100 ms, the full record
// each time, as a client had to); `none` submits only (the submission's cost alone).
// With `reads` (paths) instead of files, the clients GET those paths: a read's cost alone.
// Plain JavaScript and node:http, for the reasons api-load.mjs gives.
import fs from 'node:fs';
import http from 'node:http';

const {
  url,
  key,
  files = [],
  reads,
  clients,
  rate,
  waitMode,
  checked,
} = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients ?? 64 });
const authorization = `Bearer ${key}`;
const BOUNDARY = 'bench-http-boundary-7d1f0a';

const request = (method, path, body, headers = {}) =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        agent,
        headers: { authorization, ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const multipart = (filename, bytes) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: message/rfc822\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

const bodies = files.map((f) => multipart(f.filename, fs.readFileSync(f.path)));
const FINISHED = new Set(['processed', 'error', 'aborted']);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const waitForEnd = async (id) => {
  for (;;) {
    if (waitMode === 'poll') await sleep(100);
    const res = await request('GET', `/v4/api/analyses/${id}${waitMode === 'poll' ? '' : '?wait=30'}`);
    if (res.status !== 200) throw new Error(`read answered ${res.status}: ${res.body}`);
    const record = JSON.parse(res.body);
    record.bytes = res.body.length;
    if (FINISHED.has(record.status)) return record;
  }
};

const latencies = new Array(files.length);
const answers = new Array(files.length);
let errors = 0;

const one = async (i) => {
  const started = performance.now();
  const created = await request(
    'POST',
    `/v4/api/analyses${waitMode === 'submit-wait' ? '?wait=30' : ''}`,
    bodies[i],
    { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': bodies[i].length },
  );
  if (created.status !== 201) throw new Error(`submit answered ${created.status}: ${created.body}`);
  let record = JSON.parse(created.body);
  record.bytes = created.body.length;
  if (waitMode === 'none') {
    answers[i] = { id: record.id, bytes: record.bytes, categories: [] };
    return;
  }
  if (waitMode !== 'submit-wait' || !FINISHED.has(record.status)) record = await waitForEnd(record.id);
  latencies[i] = performance.now() - started;
  if (record.status !== 'processed') errors += 1;
  const result = record.result ?? {};
  answers[i] = {
    id: record.id,
    bytes: record.bytes,
    categories: (result.categories ?? []).map((c) => c.name),
    message: i < checked ? (result.extraction?.message ?? null) : undefined,
  };
};

/** `reads`: GETs of these paths, `clients` at a time, each answered 200 (a read's cost alone). */
const readAll = async () => {
  let next = 0;
  const client = async () => {
    while (next < reads.length) {
      const res = await request('GET', reads[next++]);
      if (res.status !== 200) throw new Error(`read answered ${res.status}: ${res.body}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
};

const started = performance.now();
if (reads) {
  await readAll();
} else if (rate) {
  const running = [];
  for (let i = 0; i < files.length; i++) {
    const due = started + (i * 1000) / rate;
    const now = performance.now();
    if (due > now) await sleep(due - now);
    running.push(one(i));
  }
  await Promise.all(running);
} else {
  let next = 0;
  const client = async () => {
    while (next < files.length) await one(next++);
  };
  await Promise.all(Array.from({ length: clients }, client));
}
const wallMs = performance.now() - started;
agent.destroy();
process.stdout.write(JSON.stringify({ latencies, answers, errors, wallMs }));
