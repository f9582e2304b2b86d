import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inEnglish } from '../../schemas/trace-messages';
import { corpusBytes } from '../pipeline/extractor/test-support/corpus';
import { CodedError } from '../pipeline/stage';
import { createSpeechClient, speechFromEnv } from './speech';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body split into its parts (RFC 7578), written for this test alone. */
const parseMultipart = (body: Buffer, contentType: string): Part[] => {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    const part = body.subarray(start + 2, next - 2); // after CRLF, before the CRLF ahead of the next delimiter
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*?name="([^"]*)"(?:; filename="([^"]*)")?/i.exec(headers);
    parts.push({
      name: disposition?.[1] ?? '',
      filename: disposition?.[2],
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1],
      data: part.subarray(split + 4),
    });
    at = next;
  }
  return parts;
};

interface Received {
  method?: string;
  url?: string;
  authorization?: string;
  parts: Part[];
}

type Reply = (res: http.ServerResponse) => void;

/** A local server speaking the OpenAI transcription protocol; each test sets its reply. */
let server: http.Server;
let baseUrl: string;
let received: Received[] = [];
let reply: Reply;
const json =
  (status: number, body: unknown): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        parts: parseMultipart(Buffer.concat(chunks), req.headers['content-type'] ?? ''),
      });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  received = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createSpeechClient', () => {
  const mp3 = corpusBytes('audio/markitdown-test.mp3');

  it('posts the file and the model as multipart to {baseUrl}/audio/transcriptions and returns the text', async () => {
    reply = json(200, { text: 'One, two, three, four, five.', language: 'english' });
    const speech = createSpeechClient({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test', model: 'whisper-1' });
    const result = await speech.transcribe(mp3, 'calls/count.mp3');
    expect(result).toEqual({ text: 'One, two, three, four, five.', language: 'english' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/v1/audio/transcriptions',
      authorization: 'Bearer sk-test',
    });
    const file = request.parts.find((p) => p.name === 'file');
    expect(file).toMatchObject({ filename: 'count.mp3', contentType: 'audio/mpeg' });
    expect(Buffer.compare(file!.data, Buffer.from(mp3))).toBe(0);
    expect(request.parts.find((p) => p.name === 'model')?.data.toString()).toBe('whisper-1');
  });

  it('sends no authorization header without an API key, and no language when none is given', async () => {
    reply = json(200, { text: 'Everything is awesome' });
    const speech = createSpeechClient({ baseUrl, model: 'large-v3' });
    expect(await speech.transcribe(corpusBytes('audio/textract-raw_text.mp3'), 'raw.mp3')).toEqual({
      text: 'Everything is awesome',
    });
    expect(received[0].authorization).toBeUndefined();
    expect(received[0].parts.find((p) => p.name === 'model')?.data.toString()).toBe('large-v3');
  });

  it('turns an HTTP error into an error naming the status code', async () => {
    reply = json(401, { error: { message: 'Incorrect API key provided' } });
    const speech = createSpeechClient({ baseUrl, apiKey: 'wrong', model: 'whisper-1' });
    await expect(speech.transcribe(mp3, 'a.mp3')).rejects.toThrow(
      /^The speech endpoint answered HTTP 401: .*Incorrect API key provided/,
    );
    reply = (res) => {
      res.writeHead(503);
      res.end();
    };
    await expect(speech.transcribe(mp3, 'a.mp3')).rejects.toThrow('The speech endpoint answered HTTP 503');
  });

  it('refuses an answer without a transcript', async () => {
    reply = json(200, { result: 'no text field' });
    const speech = createSpeechClient({ baseUrl, model: 'whisper-1' });
    await expect(speech.transcribe(mp3, 'a.mp3')).rejects.toThrow(/without a transcript/);
  });

  it('gives up after its time limit', async () => {
    reply = () => undefined; // never answers
    const speech = createSpeechClient({ baseUrl, model: 'whisper-1', timeoutMs: 300 });
    await expect(speech.transcribe(mp3, 'a.mp3')).rejects.toThrow(
      'The speech endpoint did not answer within 0.3 s',
    );
  });

  it('says when the endpoint cannot be reached', async () => {
    const speech = createSpeechClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' });
    await expect(speech.transcribe(mp3, 'a.mp3')).rejects.toThrow(
      /^The speech endpoint could not be reached/,
    );
  });

  it('says each failure by code, Node’s words and the answer only as a detail', async () => {
    const failure = async (transcribe: Promise<unknown>) => {
      const error = await transcribe.then(
        () => expect.fail('transcribed'),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CodedError);
      const { trace, message } = error as CodedError;
      expect(inEnglish(trace)).toBe(message);
      return trace;
    };
    const endpoint = { list: [{ code: 'endpointSpeech' }] };
    reply = json(401, { error: { message: 'Incorrect API key provided' } });
    const speech = createSpeechClient({ baseUrl, model: 'whisper-1', timeoutMs: 300 });
    expect(await failure(speech.transcribe(mp3, 'a.mp3'))).toEqual({
      code: 'endpointHttpStatusDetail',
      params: { endpoint, status: 401, detail: '{"error":{"message":"Incorrect API key provided"}}' },
    });
    reply = (res) => {
      res.writeHead(503);
      res.end();
    };
    expect(await failure(speech.transcribe(mp3, 'a.mp3'))).toEqual({
      code: 'endpointHttpStatus',
      params: { endpoint, status: 503 },
    });
    reply = json(200, { result: 'no text field' });
    expect(await failure(speech.transcribe(mp3, 'a.mp3'))).toEqual({ code: 'speechNoTranscript' });
    reply = () => undefined;
    expect(await failure(speech.transcribe(mp3, 'a.mp3'))).toEqual({
      code: 'endpointTimeout',
      params: { endpoint, seconds: 0.3 },
    });
    const unreachable = createSpeechClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' });
    expect(await failure(unreachable.transcribe(mp3, 'a.mp3'))).toEqual({
      code: 'endpointUnreachable',
      params: { endpoint, detail: expect.any(String) },
    });
  });
});

describe('speechFromEnv', () => {
  it('is null when SPEECH_BASE_URL is unset or empty', () => {
    expect(speechFromEnv({})).toBeNull();
    expect(speechFromEnv({ SPEECH_BASE_URL: '  ', SPEECH_MODEL: 'whisper-1' })).toBeNull();
  });

  it('speaks to SPEECH_BASE_URL with SPEECH_API_KEY and SPEECH_MODEL (default whisper-1)', async () => {
    reply = json(200, { text: 'hello' });
    await speechFromEnv({ SPEECH_BASE_URL: baseUrl, SPEECH_API_KEY: 'sk-env' })!.transcribe(
      new Uint8Array([1]),
      'a.mp3',
    );
    await speechFromEnv({ SPEECH_BASE_URL: baseUrl, SPEECH_MODEL: 'distil' })!.transcribe(
      new Uint8Array([1]),
      'a.mp3',
    );
    expect(
      received.map((r) => [r.authorization, r.parts.find((p) => p.name === 'model')?.data.toString()]),
    ).toEqual([
      ['Bearer sk-env', 'whisper-1'],
      [undefined, 'distil'],
    ]);
  });
});
