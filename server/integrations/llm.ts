import type { LlmEngine } from '../pipeline/stage';
import { postToEndpoint } from './endpoint';

export interface LlmClientOptions {
  /** Up to the API version, without the trailing path: `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

/**
 * A chat-completions client for any OpenAI-compatible endpoint (DESIGN.md §6): `POST
 * {baseUrl}/chat/completions` with the prompt as the user's message; the answer is the first
 * choice's message content. Every failure says which endpoint failed and how.
 *
 * @example
 *   const llm = createLlmClient({ baseUrl: 'http://localhost:11434/v1', model: 'mistral' });
 *   const draft = await llm.complete('Write a short reply to …', signal);
 */
export const createLlmClient = ({
  baseUrl,
  apiKey,
  model,
  timeoutMs = 60_000,
}: LlmClientOptions): LlmEngine => {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async complete(prompt, signal) {
      const response = await postToEndpoint(
        'LLM',
        url,
        {
          headers: {
            'content-type': 'application/json',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({ model, messages: [{ role: 'user', content: prompt }] }),
        },
        timeoutMs,
        signal,
      );
      const body = (await response.json().catch(() => undefined)) as
        { choices?: { message?: { content?: unknown } }[] } | undefined;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string')
        throw new Error('The LLM endpoint answered without a message (expected choices[0].message.content)');
      return content;
    },
  };
};
