import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LlmServer {
  url: string;
  /** The prompts received, in order, with the model named. */
  prompts: { model: string; prompt: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A local stand-in for a third-party LLM, speaking the OpenAI-compatible `POST /chat/completions`
 * protocol: it answers "Draft: " and the first line of the prompt, or with HTTP `status` when set.
 */
export const startLlmServer = async (options: { status?: number } = {}): Promise<LlmServer> => {
  const prompts: LlmServer['prompts'] = [];
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        model: string;
        messages: { role: string; content: string }[];
      };
      const prompt = body.messages.find((m) => m.role === 'user')?.content ?? '';
      prompts.push({ model: body.model, prompt, authorization: req.headers.authorization });
      if (options.status) {
        res.writeHead(options.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'The model is overloaded' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: `Draft: ${prompt.split('\n')[0]}` },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    prompts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
