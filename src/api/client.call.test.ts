import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkResetToken, loginCheck, sendPasswordReset } from '../../schemas/contracts/auth';
import { defineCall } from '../../schemas/contracts/define';
import { getProject } from '../../schemas/contracts/tenancy';
import { createApiClient } from './client';
import { filenameFromDisposition } from './decode';
import { RequestSchemaError, ResponseSchemaError } from './errors';
import { fakeFetch, jsonResponse, rejectionOf } from './testing';
import type { FakeFetch } from './testing';

const clientWith = (fake: FakeFetch) =>
  createApiClient({
    baseUrl: 'https://api.test',
    fetch: fake.fetch,
    getToken: () => null,
    getSwitchUser: () => null,
  });

const project = {
  id: 'a/b',
  organisationId: 'o1',
  name: 'P',
  type: 'nlu',
  notes: '',
  createdAt: '2025-01-01',
};

const downloadOriginal = defineCall({
  method: 'GET',
  path: '/documents/{id}/original',
  params: z.object({ id: z.string() }),
  responseType: 'file',
});

describe('call: request side', () => {
  it('fills path parameters, URL-encoded', async () => {
    const fake = fakeFetch(jsonResponse(project));
    await clientWith(fake).call(getProject, { params: { projectId: 'a/b' } });
    expect(fake.only().url).toBe('https://api.test/v4/console/api/projects/a%2Fb');
  });

  it.each([undefined, ''])('rejects a missing path parameter (%j) before sending anything', async (value) => {
    const fake = fakeFetch(jsonResponse(project));
    const params = { projectId: value } as unknown as { projectId: string };
    const error = await rejectionOf(clientWith(fake).call(getProject, { params }));
    expect(error).toBeInstanceOf(RequestSchemaError);
    expect(error).toMatchObject({ message: 'Missing value for parameter: projectId' });
    expect(fake.sent).toHaveLength(0);
  });

  it('rejects a present path parameter the schema refuses, naming it', async () => {
    const fake = fakeFetch();
    const error = await rejectionOf(
      clientWith(fake).call(checkResetToken, { params: { resetToken: 'x'.repeat(201) } }),
    );
    expect(error).toBeInstanceOf(RequestSchemaError);
    expect(error).toMatchObject({ message: 'Invalid value for parameter: resetToken' });
    expect(fake.sent).toHaveLength(0);
  });

  it('rejects a query that does not match the contract with "Invalid request query"', async () => {
    const fake = fakeFetch();
    const error = await rejectionOf(
      clientWith(fake).call(sendPasswordReset, {
        query: { recovery_url: 'not a url' },
        body: { email: 'ann@example.com' },
      }),
    );
    expect(error).toBeInstanceOf(RequestSchemaError);
    expect(error).toMatchObject({ message: 'Invalid request query' });
    expect(fake.sent).toHaveLength(0);
  });

  it('rejects a body that does not match the contract with "Invalid request body" and its issues', async () => {
    const fake = fakeFetch();
    const error = await rejectionOf(
      clientWith(fake).call(loginCheck, { body: { username: 'ann', password: '' } }),
    );
    expect(error).toBeInstanceOf(RequestSchemaError);
    expect(error).toMatchObject({ message: 'Invalid request body', issues: [{ path: ['password'] }] });
    expect(fake.sent).toHaveLength(0);
  });

  it('sends the schema-parsed body and query', async () => {
    const fake = fakeFetch(jsonResponse({ token: 't' }));
    await clientWith(fake).call(loginCheck, { body: { username: '  ann  ', password: 'pw' } });
    expect(fake.only().body).toBe('{"username":"ann","password":"pw"}');
  });
});

describe('call: answer side', () => {
  it('returns the schema-parsed answer', async () => {
    const fake = fakeFetch(jsonResponse({ token: 't', unexpected: true }));
    await expect(
      clientWith(fake).call(loginCheck, { body: { username: 'ann', password: 'pw' } }),
    ).resolves.toEqual({
      token: 't',
    });
  });

  it('rejects an answer that does not match the response schema', async () => {
    const fake = fakeFetch(jsonResponse({ jwt: 't' }));
    const error = await rejectionOf(
      clientWith(fake).call(loginCheck, { body: { username: 'ann', password: 'pw' } }),
    );
    expect(error).toBeInstanceOf(ResponseSchemaError);
    expect(error).toMatchObject({ issues: [{ path: ['token'] }] });
  });

  it('rejects a 204 when the contract requires data', async () => {
    const fake = fakeFetch(new Response(null, { status: 204 }));
    const error = await rejectionOf(
      clientWith(fake).call(loginCheck, { body: { username: 'ann', password: 'pw' } }),
    );
    expect(error).toBeInstanceOf(ResponseSchemaError);
    expect(error).toMatchObject({ message: 'Received 204 No Content but schema requires data' });
  });

  it('resolves undefined for a contract without a response, whatever the server sends', async () => {
    const fake = fakeFetch(jsonResponse({ sent: true }));
    const result = clientWith(fake).call(sendPasswordReset, {
      query: { recovery_url: 'https://console.test/reset' },
      body: { email: 'ann@example.com' },
    });
    await expect(result).resolves.toBeUndefined();
    expect(fake.only().url).toBe(
      'https://api.test/users/password/forgotten/send?recovery_url=https%3A%2F%2Fconsole.test%2Freset',
    );
  });
});

describe('call: files', () => {
  const fileAnswer = (disposition: string) =>
    new Response('%PDF-1.7', {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition },
    });

  it('reads a quoted file name with spaces', async () => {
    const fake = fakeFetch(fileAnswer('attachment; filename="a b.pdf"'));
    const file = await clientWith(fake).call(downloadOriginal, { params: { id: '7' } });
    expect(file.filename).toBe('a b.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
  });

  it('prefers the RFC 5987 file name, decoded from UTF-8', async () => {
    const fake = fakeFetch(
      fileAnswer(`attachment; filename="resume.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20v2.pdf`),
    );
    const file = await clientWith(fake).call(downloadOriginal, { params: { id: '7' } });
    expect(file.filename).toBe('résumé v2.pdf');
  });

  it.each([
    ['attachment; filename=report.csv', 'report.csv'],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    [`attachment; filename*=utf-8''%E2%82%AC%20rates.xlsx`, '€ rates.xlsx'],
    [`attachment; filename="fallback.pdf"; filename*=ISO-8859-1''caf%E9.pdf`, 'fallback.pdf'],
  ])('reads the file name of %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });

  it('leaves the name undefined when the server gives none', async () => {
    const fake = fakeFetch(new Response('data'));
    const file = await clientWith(fake).call(downloadOriginal, { params: { id: '7' } });
    expect(file.filename).toBeUndefined();
  });
});
