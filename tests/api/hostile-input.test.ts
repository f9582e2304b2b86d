import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../server/kernel/http/input';
import { MAX_EXPRESSION_DEPTH } from '../../server/templates/expressions';
import { MAX_TAG_NESTING } from '../../server/templates/parser';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';

/**
 * docs/security.md, "Input that the server decodes": legal-looking input that the database or the
 * stack cannot take must be refused with a 400 naming the field, never answered with a 500. A NUL
 * (U+0000) and a lone surrogate are refused wherever input is decoded (JSON bodies, query strings,
 * JSON inside a query or a form field, multipart file names and fields); nested JSON has a depth
 * bound; reply templates have nesting and chain bounds checked when they are saved.
 */
let t: TestPlatform;
let acme: Tenants;
let key: string;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  key = (
    await acme.call('POST', `${API}/environments/${acme.ids.env}/access-keys`, 'configurator', { name: 'k' })
  ).json().secret;
});
afterAll(() => t.close());

const NUL = '\u0000';
const analyses = () => `${API}/environments/${acme.ids.env}/analyses`;

const expectInvalidCharacter = (res: LightMyRequestResponse, path: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'INVALID_CHARACTER',
    path,
    details: [{ path, keyword: 'invalidCharacter' }],
  });
};

/** `depth` arrays one in another, written as text so that no recursion builds or prints it. */
const nestedArrays = (depth: number, inner = '"x"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('NUL characters and lone surrogates', () => {
  it('are refused in a project name, with the field named', async () => {
    const res = await acme.call('POST', `${API}/projects`, 'admin', {
      organisationId: acme.ids.org,
      name: `Evil${NUL}project`,
    });
    expectInvalidCharacter(res, 'name');
  });

  it('are refused as a lone surrogate, escaped in the JSON text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/projects`,
      headers: { authorization: acme.auth.admin, 'content-type': 'application/json' },
      payload: `{"organisationId":"${acme.ids.org}","name":"half \\ud800 a pair"}`,
    });
    expectInvalidCharacter(res, 'name');
    const low = await t.app.inject({
      method: 'POST',
      url: `${API}/projects`,
      headers: { authorization: acme.auth.admin, 'content-type': 'application/json' },
      payload: `{"organisationId":"${acme.ids.org}","name":"\\udc00"}`,
    });
    expectInvalidCharacter(low, 'name');
    // A whole pair is a character like any other.
    const pair = await acme.call('POST', `${API}/projects`, 'admin', {
      organisationId: acme.ids.org,
      name: 'Emoji 😀 project',
    });
    expect(pair.statusCode, pair.body).toBe(201);
  });

  it('are refused in an analysis text and in a metadata key', async () => {
    expectInvalidCharacter(
      await acme.call('POST', analyses(), 'qualifier', { type: 'text', text: `Bonjour${NUL}` }),
      'text',
    );
    expectInvalidCharacter(
      await acme.call('POST', analyses(), 'qualifier', {
        type: 'text',
        text: 'Bonjour',
        metadata: { [`cl${NUL}ient`]: 'x' },
      }),
      'metadata.cl\\u0000ient',
    );
    // The same metadata as a form field (JSON in a string) and the same text as a form field.
    expectInvalidCharacter(
      await postAnalysisForm(t.app, analyses(), acme.auth.qualifier, {
        type: 'text',
        text: 'Bonjour',
        metadata: JSON.stringify({ client: `a${NUL}b` }),
      }),
      'metadata.client',
    );
    expectInvalidCharacter(
      await postAnalysisForm(t.app, analyses(), acme.auth.qualifier, { type: 'text', text: `a${NUL}` }),
      'text',
    );
  });

  it("in an email's text are read as U+FFFD: the analysis is processed, its result stored and searchable", async () => {
    const email = `From: a@example.org\r\nSubject: Hi${NUL} there\r\n\r\nBonjour${NUL} le monde, \\u0000 as text\r\n`;
    const res = await postAnalysisForm(t.app, analyses(), acme.auth.qualifier, { type: 'file' }, [
      { field: 'file', filename: 'nul.eml', bytes: new TextEncoder().encode(email) },
    ]);
    expect(res.statusCode).toBe(201);
    const { analysis, result } = await waitForAnalysis(async () =>
      (await acme.call('GET', `${analyses()}/${res.json().id}/result`, 'qualifier')).json(),
    );
    expect(analysis.status).toBe('processed');
    expect(result?.extraction?.message?.subject).toBe('Hi\ufffd there');
    // A backslash followed by "u0000" is text, and stays as it was.
    expect(result?.extraction?.message?.text).toContain('Bonjour\ufffd le monde, \\u0000 as text');
    // What the testing centre and the error log do to a stored result: read it into jsonb.
    const [row] = await t.platform.db.query<{ subject: string }>(
      `SELECT result::jsonb -> 'extraction' -> 'message' ->> 'subject' AS subject FROM analyses WHERE id = $1`,
      [res.json().id],
    );
    expect(row.subject).toBe('Hi\ufffd there');
  });

  it('are refused in an uploaded file name', async () => {
    const res = await postAnalysisForm(t.app, analyses(), acme.auth.qualifier, { type: 'file' }, [
      { field: 'file', filename: `evil${NUL}.txt`, bytes: new TextEncoder().encode('Bonjour') },
    ]);
    expectInvalidCharacter(res, 'file');
  });

  it('are refused in the q of a list, escaped in the filter JSON or percent-encoded in the query', async () => {
    const escaped = await acme.call('GET', `${API}/projects${listQuery({ filter: { q: NUL } })}`, 'admin');
    expectInvalidCharacter(escaped, 'filter.q');
    const raw = await acme.call('GET', `${API}/projects?filter=%7B%7D&x=%00`, 'admin');
    expectInvalidCharacter(raw, 'x');
  });

  it('are refused in a sign-in username and in a member name', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: `acme-admin${NUL}`, password: 'whatever-password' },
    });
    expectInvalidCharacter(login, 'username');
    const member = await acme.call('POST', `${API}/organisations/${acme.ids.org}/members`, 'admin', {
      firstname: `Grace${NUL}`,
      lastname: 'Hopper',
      username: 'nul-hopper',
      email: 'nul.hopper@example.test',
    });
    expectInvalidCharacter(member, 'firstname');
  });

  it('are refused through the public API too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/api/analyses',
      headers: { authorization: `Bearer ${key}` },
      payload: { text: `x${NUL}` },
    });
    expectInvalidCharacter(res, 'text');
  });
});

describe('nested JSON', () => {
  const expectTooDeep = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({ code: 'JSON_TOO_DEEP', limit: MAX_JSON_DEPTH });
  };

  it('is refused past the depth limit in analysis metadata, as JSON and as a form field', async () => {
    const deep = `{"type":"text","text":"Bonjour","metadata":{"a":${nestedArrays(10_000)}}}`;
    expectTooDeep(
      await t.app.inject({
        method: 'POST',
        url: analyses(),
        headers: { authorization: acme.auth.qualifier, 'content-type': 'application/json' },
        payload: deep,
      }),
    );
    expectTooDeep(
      await postAnalysisForm(t.app, analyses(), acme.auth.qualifier, {
        type: 'text',
        text: 'Bonjour',
        metadata: `{"a":${nestedArrays(10_000)}}`,
      }),
    );
  });

  it('is refused past the depth limit in exchangeLabels', async () => {
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/v4/api/analyses',
        headers: { authorization: `Bearer ${key}` },
        payload: { text: 'Wait for me', manualFinalStatus: true },
      })
    ).json().id as string;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v4/api/analyses/${id}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: `{"exchangeLabels":${nestedArrays(10_000)}}`,
    });
    expectTooDeep(res);
  });

  it('is accepted up to the limit', async () => {
    // The body is one level, metadata a second: the deepest value sits at the limit exactly.
    const metadata = JSON.parse(nestedArrays(MAX_JSON_DEPTH - 2)) as unknown;
    const res = await acme.call('POST', analyses(), 'qualifier', {
      type: 'text',
      text: 'Bonjour',
      metadata: { a: metadata },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('reply templates', () => {
  const save = (body: string) =>
    acme.call('POST', `${API}/environments/${acme.ids.env}/reply-templates`, 'configurator', {
      name: `t${Math.random().toString(36).slice(2, 8)}`,
      body,
    });
  const expectRefused = (res: LightMyRequestResponse, limit: number) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body' }] });
    expect(res.json().details[0].message).toContain(String(limit));
  };

  it('refuses 5,000 nested if tags', async () => {
    expectRefused(await save(`${'{%if a%}'.repeat(5_000)}x${'{%endif%}'.repeat(5_000)}`), MAX_TAG_NESTING);
  });

  it('refuses 49,000 nested parentheses', async () => {
    expectRefused(await save(`{{ ${'('.repeat(49_000)}a${')'.repeat(49_000)} }}`), MAX_EXPRESSION_DEPTH);
  });

  it('refuses 24,000 chained filters, which would save and then fail every render', async () => {
    expectRefused(await save(`{{ a${'|e'.repeat(24_000)} }}`), MAX_EXPRESSION_DEPTH);
  });

  it('still saves templates within the bounds', async () => {
    const res = await save(
      `${'{%if a%}'.repeat(10)}{{ (((a))) ~ b|e|upper|lower }}${'{%endif%}'.repeat(10)}`,
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('multipart forms', () => {
  const forms = () =>
    [
      ['/v4/api/analyses', `Bearer ${key}`],
      [analyses(), acme.auth.qualifier],
    ] as const;
  const send = (url: string, authorization: string, contentType: string, payload: string | Buffer) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType, authorization }, payload });
  const field = (name: string, value: string) =>
    `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (value: string) =>
    `--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${value}`;
  const expectMalformed = (res: LightMyRequestResponse, words: RegExp) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_MULTIPART', message: expect.stringMatching(words) });
  };

  it('are refused with 400 MALFORMED_MULTIPART when cut before their closing boundary', async () => {
    for (const [url, auth] of forms()) {
      const cut = [
        field('type', 'text') + field('text', 'Bonjour'),
        `${field('type', 'text')}--b\r\nContent-Disposition: form-data; name="text"\r\n\r\nBonj`,
        field('type', 'file') + file('Bonjour'),
        '',
      ];
      for (const body of cut)
        expectMalformed(await send(url, auth, 'multipart/form-data; boundary=b', body), /closing boundary/);
      // The same form, closed, is taken.
      const closed = await send(
        url,
        auth,
        'multipart/form-data; boundary="b"',
        `${field('type', 'text')}${field('text', 'Bonjour')}--b--\r\n`,
      );
      expect(closed.statusCode, closed.body).toBe(201);
    }
  });

  it('are refused with 400 MALFORMED_MULTIPART without a boundary parameter', async () => {
    for (const [url, auth] of forms())
      expectMalformed(
        await send(
          url,
          auth,
          'multipart/form-data',
          `${field('type', 'text')}${field('text', 'Bonjour')}--b--\r\n`,
        ),
        /boundary parameter/,
      );
  });

  it('take a text field past 1 MiB whole, bounded as a JSON text, and refuse one past the bound', async () => {
    const text = `${'Bonjour '.repeat(200_000)}fin`;
    const res = await postAnalysisForm(t.app, '/v4/api/analyses', `Bearer ${key}`, { type: 'text', text });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json().size).toBe(Buffer.byteLength(text));
    const original = await acme.call('GET', `${analyses()}/${res.json().id}/original`, 'qualifier');
    expect(original.body).toBe(text);
    const limit = t.platform.config.uploadMaxBytes;
    const tooLong = await postAnalysisForm(t.app, analyses(), acme.auth.qualifier, {
      type: 'text',
      text: 'x'.repeat(limit + 1),
    });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({
      code: 'FORM_FIELD_TOO_LARGE',
      limitBytes: limit,
      params: { field: 'text', megabytes: Math.round(limit / 1_048_576) },
    });
  });

  it('refuse too many parts and too many files, each by its code', async () => {
    const many: Record<string, string> = { type: 'text', text: 'Bonjour' };
    for (let i = 0; i < 120; i++) many[`f${i}`] = 'x';
    const parts = await postAnalysisForm(t.app, analyses(), acme.auth.qualifier, many);
    expect(parts.statusCode).toBe(413);
    expect(parts.json()).toMatchObject({ code: 'FORM_TOO_MANY_PARTS', params: { limit: 100 } });
    const bytes = new TextEncoder().encode('Bonjour');
    const attachments = Array.from({ length: 22 }, (_, i) => ({
      field: 'attachments',
      filename: `a${i}.txt`,
      bytes,
    }));
    const files = await postAnalysisForm(
      t.app,
      analyses(),
      acme.auth.qualifier,
      { from: 'a@example.org', to: 'b@example.org' },
      attachments,
    );
    expect(files.statusCode).toBe(413);
    expect(files.json()).toMatchObject({ code: 'FORM_TOO_MANY_FILES', params: { limit: 21 } });
  });
});
