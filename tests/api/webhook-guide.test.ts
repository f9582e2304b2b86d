import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The webhook receivers' guide (docs/webhooks.md, docs/webhooks.fr.md): the `verify` function of
 * each sample in "Verifying the signature" accepts a delivery signed as the platform signs it
 * (Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the
 * base64 after `whsec_`) within 5 minutes of its timestamp, and refuses a wrong signature, a changed
 * body, id or timestamp, and a timestamp out of the tolerance (a replay). Each sample runs in its own interpreter, without its server; the Python and
 * PHP ones only where python3 and php are installed.
 */
const guides = [
  { file: 'docs/webhooks.md', verifying: 'Verifying the signature', testing: 'Testing your receiver' },
  { file: 'docs/webhooks.fr.md', verifying: 'Vérifier la signature', testing: 'Tester votre destinataire' },
];

const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

interface CodeBlock {
  lang: string;
  code: string;
}

/** The fenced code blocks of a Markdown text, in order. */
const codeBlocks = (markdown: string): CodeBlock[] =>
  [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, lang, code]) => ({ lang, code }));

/** The text of a `## heading` section, up to the next `## ` heading. */
const section = (markdown: string, heading: string) => {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  expect(start, `the section "${heading}"`).toBeGreaterThan(-1);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
};

/** The signature as Standard Webhooks makes it, computed here apart from the platform's code. */
const sign = (secret: string, id: string, timestamp: string, body: Buffer | string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.`)
    .update(body)
    .digest('base64')}`;

// A body with multi-byte characters and line breaks: the samples must sign its bytes as received.
// The secret is base64url, as the platform made them before it followed Standard Webhooks.
const secret = 'whsec_Qm9hcmQgbWVldGluZyBhdCAxMCBvbiBUdWVzZGF5Lj8-_w';
const id = '5d2f0b7e-3c1a-4e9b-8f6d-0a1b2c3d4e5f';
const now = 1767225600;
const timestamp = String(now - 30);
const body = Buffer.from(
  JSON.stringify(
    {
      analysisId: '3f1c9a52-7d0e-4b8a-9c61-2f5e8d4b7a10',
      name: 'Réclamation n° 42 – 📎.eml',
      status: 'processed',
    },
    null,
    2,
  ),
  'utf8',
);
const changed = Buffer.from(body);
changed[changed.indexOf('n°')] ^= 0x01;
const right = sign(secret, id, timestamp, body);
const fiveMinutes = 5 * 60;

interface Case {
  what: string;
  signature: string | null;
  expected: boolean;
  body?: Buffer;
  id?: string | null;
  timestamp?: string | null;
  now?: number;
}
const cases: Case[] = [
  { what: 'the right signature', signature: right, expected: true },
  { what: 'the right signature among others', signature: `v1,bm90IHRoaXMgb25l ${right}`, expected: true },
  {
    what: 'a signature made with another secret',
    signature: sign('whsec_YW5vdGhlciBzZWNyZXQ', id, timestamp, body),
    expected: false,
  },
  { what: 'a body with one byte changed', body: changed, signature: right, expected: false },
  { what: 'another delivery id', id: randomUUID(), signature: right, expected: false },
  // A captured delivery sent again with a fresh timestamp: its signature no longer matches.
  { what: 'a tampered timestamp', timestamp: String(now), signature: right, expected: false },
  {
    what: 'a delivery signed just within the tolerance',
    timestamp: String(now - fiveMinutes),
    signature: sign(secret, id, String(now - fiveMinutes), body),
    expected: true,
  },
  // The same capture sent again later, unchanged: its timestamp is past the tolerance.
  { what: 'a replay six minutes later', now: now - 30 + 6 * 60, signature: right, expected: false },
  {
    what: 'a timestamp too far ahead',
    timestamp: String(now + fiveMinutes + 1),
    signature: sign(secret, id, String(now + fiveMinutes + 1), body),
    expected: false,
  },
  {
    what: 'the body signed alone (the deprecated header)',
    signature: `v1,${createHmac('sha256', secret).update(body).digest('base64')}`,
    expected: false,
  },
  { what: 'a signature cut short', signature: right.slice(0, -2), expected: false },
  { what: 'a signature with more after it', signature: `${right}00`, expected: false },
  { what: 'an empty header', signature: '', expected: false },
  { what: 'no signature header', signature: null, expected: false },
  { what: 'no timestamp header', timestamp: null, signature: right, expected: false },
  { what: 'no id header', id: null, signature: right, expected: false },
];
const expected = Object.fromEntries(cases.map((c) => [c.what, c.expected]));
const casesJson = JSON.stringify(
  cases.map((c) => ({
    secret,
    id: c.id === undefined ? id : c.id,
    timestamp: c.timestamp === undefined ? timestamp : c.timestamp,
    body: (c.body ?? body).toString('base64'),
    signature: c.signature,
    now: c.now ?? now,
  })),
);

// Each runner reads the cases from $CASES and prints verify's answers as a JSON array.
const nodeRun = `
const cases = JSON.parse(process.env.CASES);
process.stdout.write(JSON.stringify(cases.map((c) => verify(c.secret, c.id, c.timestamp, Buffer.from(c.body, 'base64'), c.signature, c.now))));
`;
// The sample comes on stdin and runs under another __name__, so its server does not start.
const pythonRun = `
import base64, json, os, sys
sample = {"__name__": "receiver"}
exec(compile(sys.stdin.read(), "receiver.py", "exec"), sample)
cases = json.loads(os.environ["CASES"])
print(json.dumps([sample["verify"](c["secret"], c["id"], c["timestamp"], base64.b64decode(c["body"]), c["signature"], c["now"]) for c in cases]))
`;
const phpRun = `
$cases = json_decode(getenv('CASES'), true);
echo json_encode(array_map(function ($c) {
    return verify($c['secret'], $c['id'], $c['timestamp'], base64_decode($c['body']), $c['signature'], $c['now']);
}, $cases));
`;

const installed = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
const hasPython = installed('python3');
const hasPhp = installed('php');

/** Runs a command with the cases in its environment; answers verify's results by case. */
const verifyResults = (command: string, args: string[], stdin = '') =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, CASES: casesJson };
    delete env.NODE_OPTIONS;
    delete env.WEBHOOK_SECRET;
    // A sample that started its server would never exit: the timeout kills it and the test fails.
    const child = spawn(command, args, { env, timeout: 10_000 });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0) return reject(new Error(`${command} ended with ${code ?? signal}: ${err}${out}`));
      try {
        const results = JSON.parse(out) as unknown[];
        resolve(Object.fromEntries(cases.map((c, i) => [c.what, results[i]])));
      } catch {
        reject(new Error(`${command} printed no JSON: ${out}${err}`));
      }
    });
    child.stdin.end(stdin);
  });

describe.each(guides)('$file', ({ file, verifying, testing }) => {
  const markdown = read(file);
  const samples = codeBlocks(section(markdown, verifying));
  const sample = (lang: string) => {
    const found = samples.filter((b) => b.lang === lang);
    expect(found, `${lang} samples in "${verifying}"`).toHaveLength(1);
    return found[0].code;
  };

  it('has one Node.js, one Python and one PHP sample, each starting its server only when run', () => {
    expect(samples.map((b) => b.lang).sort()).toEqual(['js', 'php', 'python']);
    expect(sample('js')).toContain(
      'function verify(secret, id, timestamp, rawBody, signatureHeader, nowSeconds = Math.floor(Date.now() / 1000))',
    );
    expect(sample('js')).toContain('const TOLERANCE_SECONDS = 5 * 60;');
    expect(sample('js')).toContain('timingSafeEqual');
    expect(sample('js')).toContain('if (require.main === module)');
    expect(sample('python')).toContain(
      'def verify(secret, msg_id, timestamp, raw_body, signature_header, now=None):',
    );
    expect(sample('python')).toContain('hmac.compare_digest');
    expect(sample('python')).toContain('if __name__ == "__main__":');
    expect(sample('php')).toMatch(/^<\?php\n/);
    expect(sample('php')).toContain(
      'function verify(string $secret, ?string $id, ?string $timestamp, string $rawBody, ?string $signatureHeader, ?int $now = null)',
    );
    expect(sample('php')).toContain('hash_equals');
    expect(sample('php')).toContain("file_get_contents('php://input')");
    expect(sample('php')).not.toContain('?>');
  });

  it('Node.js: verify accepts the platform signature within 5 minutes and refuses the others and replays', async () => {
    expect(await verifyResults(process.execPath, ['-e', `${sample('js')}\n${nodeRun}`])).toEqual(expected);
  });

  it.skipIf(!hasPython)(
    'Python: verify accepts the platform signature within 5 minutes and refuses the others and replays',
    async () => {
      expect(await verifyResults('python3', ['-c', pythonRun], sample('python'))).toEqual(expected);
    },
  );

  it.skipIf(!hasPhp)(
    'PHP: verify accepts the platform signature within 5 minutes and refuses the others and replays',
    async () => {
      expect(
        await verifyResults('php', ['-d', 'display_errors=stderr'], `${sample('php')}\n${phpRun}`),
      ).toEqual(expected);
    },
  );

  it('gives the right signature for its test request, and signs it now', () => {
    const [script] = codeBlocks(section(markdown, testing)).filter((b) => b.lang === 'sh');
    const value = (name: string) => script.code.match(new RegExp(`^${name}='([^']*)'$`, 'm'))?.[1];
    const [, at, example] = script.code.match(/^# At timestamp (\d+) the signature is: (v1,\S+)$/m) ?? [];
    expect(value('SECRET')).toMatch(/^whsec_/);
    expect(example).toBeDefined();
    expect(sign(value('SECRET')!, value('ID')!, at, value('BODY')!)).toBe(example);
    expect(script.code).toContain('TIMESTAMP=$(date +%s)');
  });

  it('documents every delivery header', () => {
    for (const header of [
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
      'X-Signature-SHA256',
      'X-Delivery-Id',
      'X-Delivery-Attempt',
      'X-Webhook-Id',
    ])
      expect(markdown).toContain(`| \`${header}\``);
  });
});

it('has the same code blocks in English and in French', () => {
  const [english, french] = guides.map(({ file }) => codeBlocks(read(file)));
  expect(english.length).toBeGreaterThanOrEqual(6);
  expect(french).toEqual(english);
});
