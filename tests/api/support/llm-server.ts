import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as the server received it. */
export interface ChatCall {
  model: string;
  messages: {
    role: string;
    content: string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];
  }[];
  response_format?: {
    type: string;
    json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
  };
  authorization: string | undefined;
}

/**
 * How the server answers one call: an HTTP status with an error body, a raw body (malformed JSON,
 * a body without choices), or a choice's message (content, refusal, finish reason); after
 * `delayMs` when set. Absent: the reply-draft answer below.
 */
export type ChatReply =
  | { status: number }
  | { raw: string }
  | {
      content: string | null;
      refusal?: string;
      finishReason?: string;
      delayMs?: number;
      /** The `usage` the answer reports; null: none (some endpoints leave it out). Default: DEFAULT_USAGE. */
      usage?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number } | null;
    };

/** The tokens an answer reports by default, as OpenAI's endpoints count them. */
export const DEFAULT_USAGE = { prompt_tokens: 20, completion_tokens: 7, total_tokens: 27 };

export interface LlmServer {
  url: string;
  /** The prompts received, in order, with the model named. */
  prompts: { model: string; prompt: string; authorization: string | undefined }[];
  /** Every request received, whole. */
  calls: ChatCall[];
  /** What the next calls answer, in order; once used up, the default answer. */
  replies: ChatReply[];
  close(): Promise<void>;
}

const textOf = (content: ChatCall['messages'][number]['content']) =>
  typeof content === 'string'
    ? content
    : content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/**
 * A local stand-in for a third-party LLM, speaking the OpenAI-compatible `POST /chat/completions`
 * protocol: by default it answers "Draft: " and the first line of the user's message, or with HTTP
 * `status` when set; a test scripts other answers through `replies`.
 */
export const startLlmServer = async (options: { status?: number } = {}): Promise<LlmServer> => {
  const prompts: LlmServer['prompts'] = [];
  const calls: ChatCall[] = [];
  const replies: ChatReply[] = [];
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<ChatCall, 'authorization'>;
      const prompt = textOf(body.messages.find((m) => m.role === 'user')?.content ?? '');
      prompts.push({ model: body.model, prompt, authorization: req.headers.authorization });
      calls.push({ ...body, authorization: req.headers.authorization });
      const reply: ChatReply =
        replies.shift() ??
        (options.status ? { status: options.status } : { content: `Draft: ${prompt.split('\n')[0]}` });
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'The model is overloaded' } }));
        return;
      }
      if ('raw' in reply) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(reply.raw);
        return;
      }
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            model: body.model,
            choices: [
              {
                index: 0,
                finish_reason: reply.finishReason ?? 'stop',
                message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null },
              },
            ],
            ...(reply.usage === null ? {} : { usage: reply.usage ?? DEFAULT_USAGE }),
          }),
        );
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    prompts,
    calls,
    replies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
