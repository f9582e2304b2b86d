import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The webhook receivers' guide (docs/webhooks.md, docs/webhooks.fr.md): the `verify` function of
 * each sample in "Verifying the signature" accepts a delivery signed as the platform signs it
 * (lowercase hex HMAC-SHA256 of the raw body, keyed with the secret) and refuses a wrong signature
 * or a changed body. Each sample runs in its own interpreter, without its server; the Python and
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

const sign = (secret: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(body).digest('hex');

// A body with multi-byte characters and line breaks: the samples must sign its bytes as received.
const secret = 'whsec_Qm9hcmQgbWVldGluZyBhdCAxMCBvbiBUdWVzZGF5Lg';
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
const right = sign(secret, body);

const cases = [
  { what: 'the right signature', body, signature: right, expected: true },
  {
    what: 'a signature made with another secret',
    body,
    signature: sign(`${secret}x`, body),
    expected: false,
  },
  { what: 'a body with one byte changed', body: changed, signature: right, expected: false },
  { what: 'a signature cut short', body, signature: right.slice(0, 62), expected: false },
  { what: 'a signature with more after it', body, signature: `${right}00`, expected: false },
  { what: 'an empty header', body, signature: '', expected: false },
  { what: 'no header', body, signature: null, expected: false },
];
const expected = Object.fromEntries(cases.map((c) => [c.what, c.expected]));
const casesJson = JSON.stringify(
  cases.map((c) => ({ secret, body: c.body.toString('base64'), signature: c.signature })),
);

// Each runner reads the cases from $CASES and prints verify's answers as a JSON array.
const nodeRun = `
const cases = JSON.parse(process.env.CASES);
process.stdout.write(JSON.stringify(cases.map((c) => verify(c.secret, Buffer.from(c.body, 'base64'), c.signature))));
`;
// The sample comes on stdin and runs under another __name__, so its server does not start.
const pythonRun = `
import base64, json, os, sys
sample = {"__name__": "receiver"}
exec(compile(sys.stdin.read(), "receiver.py", "exec"), sample)
cases = json.loads(os.environ["CASES"])
print(json.dumps([sample["verify"](c["secret"], base64.b64decode(c["body"]), c["signature"]) for c in cases]))
`;
const phpRun = `
$cases = json_decode(getenv('CASES'), true);
echo json_encode(array_map(function ($c) {
    return verify($c['secret'], base64_decode($c['body']), $c['signature']);
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
    expect(sample('js')).toContain('function verify(secret, rawBody, signatureHeader)');
    expect(sample('js')).toContain('timingSafeEqual');
    expect(sample('js')).toContain('if (require.main === module)');
    expect(sample('python')).toContain('def verify(secret, raw_body, signature_header):');
    expect(sample('python')).toContain('hmac.compare_digest');
    expect(sample('python')).toContain('if __name__ == "__main__":');
    expect(sample('php')).toMatch(/^<\?php\n/);
    expect(sample('php')).toContain(
      'function verify(string $secret, string $rawBody, ?string $signatureHeader)',
    );
    expect(sample('php')).toContain('hash_equals');
    expect(sample('php')).toContain("file_get_contents('php://input')");
    expect(sample('php')).not.toContain('?>');
  });

  it('Node.js: verify accepts the platform signature and refuses the others', async () => {
    expect(await verifyResults(process.execPath, ['-e', `${sample('js')}\n${nodeRun}`])).toEqual(expected);
  });

  it.skipIf(!hasPython)('Python: verify accepts the platform signature and refuses the others', async () => {
    expect(await verifyResults('python3', ['-c', pythonRun], sample('python'))).toEqual(expected);
  });

  it.skipIf(!hasPhp)('PHP: verify accepts the platform signature and refuses the others', async () => {
    expect(
      await verifyResults('php', ['-d', 'display_errors=stderr'], `${sample('php')}\n${phpRun}`),
    ).toEqual(expected);
  });

  it('gives the right signature for its test request', () => {
    const [script] = codeBlocks(section(markdown, testing)).filter((b) => b.lang === 'sh');
    const value = (name: string) => script.code.match(new RegExp(`^${name}='([^']*)'$`, 'm'))?.[1];
    const [, example] = script.code.match(/^# Expected signature: ([0-9a-f]{64})$/m) ?? [];
    expect(value('SECRET')).toMatch(/^whsec_/);
    expect(example).toBeDefined();
    expect(sign(value('SECRET')!, value('BODY')!)).toBe(example);
  });

  it('documents every delivery header', () => {
    for (const header of ['X-Signature-SHA256', 'X-Delivery-Id', 'X-Delivery-Attempt', 'X-Webhook-Id'])
      expect(markdown).toContain(`| \`${header}\``);
  });
});

it('has the same code blocks in English and in French', () => {
  const [english, french] = guides.map(({ file }) => codeBlocks(read(file)));
  expect(english.length).toBeGreaterThanOrEqual(6);
  expect(french).toEqual(english);
});
