import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForAnalysis } from './support/analyses';
import type { ConsumptionReport } from '../../schemas/contracts/consumption';
import { DEFAULT_USAGE, startLlmServer, type LlmServer } from './support/llm-server';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let llm: LlmServer;
let acme: Tenants;
let env: string;
const url = (path: string) => `${API}/environments/${env}/${path}`;

/** The LLM tokens the organisation's consumption counts for the environment, today. */
const environmentTokens = async () => {
  const today = new Date().toISOString().slice(0, 10);
  const res = await acme.call(
    'GET',
    `${API}/organisations/${acme.ids.org}/consumption?from=${today}&to=${today}&bucket=day`,
    'admin',
  );
  expect(res.statusCode, res.body).toBe(200);
  const { projects } = res.json<ConsumptionReport>();
  return projects.flatMap((p) => p.environments).find((e) => e.id === env)!.tokens;
};
const create = async (body: object) => {
  const res = await acme.call('POST', url('reply-templates'), 'configurator', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
};
const refused = async (body: object, id?: string) => {
  const res = id
    ? await acme.call('PUT', url(`reply-templates/${id}`), 'configurator', body)
    : await acme.call('POST', url('reply-templates'), 'configurator', body);
  expect(res.statusCode, res.body).toBe(400);
  return res.json().details as { path: string; message: string }[];
};
const analyse = async (text: string) => {
  const res = await acme.call('POST', url('analyses'), 'configurator', { type: 'text', text, name: 'note' });
  expect(res.statusCode, res.body).toBe(201);
  return waitForAnalysis(async () =>
    (await acme.call('GET', url(`analyses/${res.json().id}/result`), 'configurator')).json(),
  );
};

beforeAll(async () => {
  llm = await startLlmServer();
  t = await startTestPlatform({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'test-model' });
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'Replies',
    })
  ).json().id;
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

describe('reply templates', () => {
  it('refuse syntax errors with their line, unknown and cyclic includes, and a second default', async () => {
    expect(await refused({ name: 'broken', body: 'Hello\n{% if x %}\nno end' })).toEqual([
      expect.objectContaining({
        path: 'body',
        message: "Line 2: The 'if' tag is never closed (endif)",
        // By code for the console, the engine's sentence only as a detail
        // (docs/decisions/console-failures-by-code.md).
        code: 'templateSyntax',
        params: { line: 2, detail: "The 'if' tag is never closed (endif)" },
      }),
    ]);
    expect(await refused({ name: 'loop', body: "{% include 'loop' %}" })).toEqual([
      expect.objectContaining({ path: 'body', message: 'Line 1: the template cannot include itself' }),
    ]);
    expect(await refused({ name: 'lost', body: "{% include 'ghost' %}" })).toEqual([
      expect.objectContaining({
        path: 'body',
        message: "Line 1: the included template 'ghost' does not exist",
        code: 'templateIncludeUnknown',
        params: { line: 1, name: 'ghost' },
      }),
    ]);

    const signature = await create({
      name: 'signature',
      body: '-- {{ agent|default("Le service client") }}',
    });
    await create({ name: 'reply', isDefault: true, body: "Bonjour,\n{% include 'signature' %}" });
    // signature → reply → signature: a cycle through another template.
    expect(await refused({ name: 'signature', body: "{% include 'reply' %}" }, signature.id)).toEqual([
      expect.objectContaining({
        path: 'body',
        message:
          'Templates cannot include themselves, directly or through another template: signature → reply → signature',
      }),
    ]);
    expect(await refused({ name: 'other', isDefault: true, body: 'x' })).toEqual([
      expect.objectContaining({
        path: 'isDefault',
        message: "'reply' is already the default template: one template per environment is the default",
      }),
    ]);
    expect((await acme.call('POST', url('reply-templates'), 'qualifier', { name: 'q' })).statusCode).toBe(
      403,
    );
  });

  it("refuse a filter the engine does not have, JavaScript's built-in names included, with its line", async () => {
    // docs/security.md, 'A hostile input fails its own analysis': refused when saved, not found failing at every analysis.
    const kept = await create({ name: 'kept', body: 'Bonjour' });
    for (const [body, filter, line] of [
      ['Bonjour,\n\n{{ client|shout }}', 'shout', 3],
      ['{{ client|constructor }}', 'constructor', 1],
      ['x\n{{ client|toString }}', 'toString', 2],
      ['{{ client|__proto__ }}', '__proto__', 1],
    ] as const) {
      const problem = {
        path: 'body',
        message: `Line ${line}: the filter '${filter}' does not exist`,
        code: 'templateFilterUnknown',
        params: { line, name: filter },
      };
      expect(await refused({ name: 'new', body })).toEqual([problem]);
      expect(await refused({ name: 'kept', body }, kept.id)).toEqual([problem]);
    }
  });

  it('draft the reply of each analysis from the default template, with what the analysis found', async () => {
    const list = (await acme.call('GET', url('reply-templates'), 'configurator')).json();
    const reply = list.find((r: { name: string }) => r.name === 'reply');
    await acme.call('PUT', url(`reply-templates/${reply.id}`), 'configurator', {
      name: 'reply',
      isDefault: true,
      body: [
        'Bonjour,',
        '{% if "urgent" in text %}Nous traitons votre demande en priorité.{% else %}Nous avons bien reçu « {{ text|trim }} ».{% endif %}',
        "{% include 'signature' with {agent: 'Léa'} %}",
      ].join('\n'),
    });
    const { analysis, result } = await analyse('Votre <b>facture</b> est en retard');
    expect(analysis.status).toBe('processed');
    expect(result!.reply).toEqual({
      template: 'reply',
      text: 'Bonjour,\nNous avons bien reçu « Votre &lt;b&gt;facture&lt;/b&gt; est en retard ».\n-- Léa',
    });
    expect(result!.trace.find((s) => s.step === 'replyTemplate')).toMatchObject({
      status: 'done',
      summary: expect.stringMatching(/^Reply drafted from the template 'reply'/),
    });
  });

  it('send the rendered prompt of an LLM template to the LLM, whose answer is the draft', async () => {
    const list = (await acme.call('GET', url('reply-templates'), 'configurator')).json();
    const reply = list.find((r: { name: string }) => r.name === 'reply');
    await acme.call('PUT', url(`reply-templates/${reply.id}`), 'configurator', {
      name: 'reply',
      isDefault: true,
      llm: true,
      body: 'Write a polite answer to: {{ text }}\nSign as {{ metadata.agent|default("the team") }}.',
    });
    const tokensBefore = await environmentTokens();
    const { result } = await analyse('Where is my parcel?');
    expect(llm.prompts.at(-1)).toEqual({
      model: 'test-model',
      prompt: 'Write a polite answer to: Where is my parcel?\nSign as the team.',
      authorization: 'Bearer sk-test',
    });
    expect(result!.reply).toEqual({
      template: 'reply',
      text: 'Draft: Write a polite answer to: Where is my parcel?',
      prompt: 'Write a polite answer to: Where is my parcel?\nSign as the team.',
    });
    // The tokens the LLM said it used are the analysis's, and count in the organisation's consumption.
    expect(result!.llmTokens).toBe(DEFAULT_USAGE.total_tokens);
    expect((await environmentTokens()) - tokensBefore).toBe(DEFAULT_USAGE.total_tokens);
  });

  it('leave analyses without a reply when no template is the default', async () => {
    const list = (await acme.call('GET', url('reply-templates'), 'configurator')).json();
    const reply = list.find((r: { name: string }) => r.name === 'reply');
    await acme.call('PUT', url(`reply-templates/${reply.id}`), 'configurator', {
      ...reply,
      isDefault: false,
    });
    const { analysis, result } = await analyse('Bonjour');
    expect(analysis.status).toBe('processed');
    expect(result!.reply).toBeUndefined();
    expect(result!.trace.find((s) => s.step === 'replyTemplate')).toMatchObject({
      status: 'skipped',
      summary: 'No default reply template is configured in this environment',
    });
  });

  it('refuse an imported configuration whose templates include each other in a cycle, changing nothing', async () => {
    const before = (await acme.call('GET', url('configuration'), 'configurator')).json();
    const configuration = structuredClone(before);
    configuration.entities['reply-templates'] = [
      { id: '00000000-0000-4000-8000-000000000001', name: 'a', body: "{% include 'b' %}" },
      { id: '00000000-0000-4000-8000-000000000002', name: 'b', body: "{% include 'a' %}" },
      { id: '00000000-0000-4000-8000-000000000003', name: 'c', isDefault: true, body: 'c' },
      { id: '00000000-0000-4000-8000-000000000004', name: 'd', isDefault: true, body: '{{ x' },
    ];
    const res = await acme.call('PUT', url('configuration'), 'configurator', configuration);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      {
        path: 'entities.reply-templates.0.body',
        message: 'Templates cannot include themselves, directly or through another template: a → b → a',
        code: 'templateIncludeCycle',
        params: { cycle: 'a → b → a' },
      },
      {
        path: 'entities.reply-templates.1.body',
        message: 'Templates cannot include themselves, directly or through another template: b → a → b',
        code: 'templateIncludeCycle',
        params: { cycle: 'b → a → b' },
      },
      {
        path: 'entities.reply-templates.3.body',
        message: 'Line 1: The tag is not closed (}})',
        code: 'templateSyntax',
        params: { line: 1, detail: 'The tag is not closed (}})' },
      },
      {
        path: 'entities.reply-templates.3.isDefault',
        message: "'c' is already the default template: one template per environment is the default",
        code: 'secondDefaultTemplate',
        params: { name: 'c' },
      },
    ]);
    expect((await acme.call('GET', url('configuration'), 'configurator')).json()).toEqual(before);
  });
});

describe('the reply templates page', () => {
  it('tests a template on a text, as an analysis would draft it, default or not', async () => {
    await create({ name: 'ack', body: 'Re: {{ subject }}\n{{ text|upper }}' });
    const drafted = await acme.call('POST', url('reply-test'), 'configurator', {
      template: 'ack',
      subject: 'Colis',
      text: 'où est mon colis ?',
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect(drafted.json()).toEqual({ text: 'Re: Colis\nOÙ EST MON COLIS ?', categories: [] });
    const missing = await acme.call('POST', url('reply-test'), 'configurator', {
      template: 'nope',
      text: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await acme.call('POST', url('reply-test'), 'qualifier', { template: 'ack', text: 'x' })).statusCode,
    ).toBe(403);
  });

  it('says an LLM endpoint’s failure in English and by code', async () => {
    await create({ name: 'ask-llm', llm: true, body: 'Answer: {{ text }}' });
    llm.replies.push({ status: 503 });
    const failed = await acme.call('POST', url('reply-test'), 'configurator', {
      template: 'ask-llm',
      text: 'Bonjour',
    });
    expect(failed.statusCode).toBe(422);
    const reason = 'The LLM endpoint answered HTTP 503: {"error":{"message":"The model is overloaded"}}';
    expect(failed.json()).toMatchObject({
      code: 'REPLY_TEST_FAILED',
      message: reason,
      params: {
        reason,
        trace: {
          code: 'endpointHttpStatusDetail',
          params: {
            endpoint: { list: [{ code: 'endpointLlm' }] },
            status: 503,
            detail: '{"error":{"message":"The model is overloaded"}}',
          },
        },
      },
    });
  });

  it('lists the template errors of analyses, newest first, with their line', async () => {
    // A template that passes the save checks but does too much work when it runs.
    const list = (await acme.call('GET', url('reply-templates'), 'configurator')).json();
    const reply = list.find((r: { name: string }) => r.name === 'reply');
    await acme.call('PUT', url(`reply-templates/${reply.id}`), 'configurator', {
      name: 'reply',
      isDefault: true,
      body: 'Hello\n{% for i in 1..1000 %}{% for j in 1..1000 %}.{% endfor %}{% endfor %}',
    });
    const { analysis, result } = await analyse('Bonjour');
    expect(analysis.status).toBe('error');
    expect(result?.trace.find((e) => e.step === 'replyTemplate')?.messages?.summary).toEqual({
      code: 'replyTemplateFailed',
      params: {
        detail: "Template 'reply', line 2: The template does too much work (more than 100,000 steps)",
      },
    });
    const errors = await acme.call('GET', url('reply-errors'), 'configurator');
    expect(errors.statusCode).toBe(200);
    expect(errors.json()[0]).toMatchObject({
      analysisName: 'note',
      message:
        "The reply template failed: Template 'reply', line 2: The template does too much work (more than 100,000 steps)",
      // The same by code, for the console to say in the user's language.
      trace: {
        code: 'replyTemplateFailed',
        params: {
          detail: "Template 'reply', line 2: The template does too much work (more than 100,000 steps)",
        },
      },
    });
    expect((await acme.call('GET', url('reply-errors'), 'cockpit')).statusCode).toBe(403);
  });
});
