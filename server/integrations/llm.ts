import { traceMessage } from '../../schemas/trace-messages';
import { CodedError, type ChatAnswer, type ChatRequest, type LlmEngine } from '../pipeline/stage';
import type { OutboundPolicy } from '../kernel/outbound';
import { postToEndpoint } from './endpoint';

export interface LlmClientOptions {
  /** Up to the API version, without the trailing path: `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  /** For an endpoint a user typed (an environment's own): where the platform may connect (DESIGN.md §9). */
  policy?: OutboundPolicy;
}

/** The part of a chat-completions answer the pipeline reads. */
interface CompletionBody {
  model?: unknown;
  choices?: { finish_reason?: unknown; message?: { content?: unknown; refusal?: unknown } }[];
  usage?: { total_tokens?: unknown; prompt_tokens?: unknown; completion_tokens?: unknown };
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/**
 * The tokens an answer says the exchange used (`usage.total_tokens`, else prompt plus completion
 * tokens); 0 when the endpoint does not say (some OpenAI-compatible servers leave `usage` out).
 */
const tokensOf = (body: CompletionBody | undefined): number => {
  const usage = body?.usage;
  if (!usage || typeof usage !== 'object') return 0;
  return count(usage.total_tokens) || count(usage.prompt_tokens) + count(usage.completion_tokens);
};

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** A chat answer is a few kilobytes; past this, reading and parsing it would hold the event loop. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The answer's body as text, refused past MAX_ANSWER_BYTES rather than read whole. */
const boundedText = async (response: Response, signal: AbortSignal): Promise<string> => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
    if (signal.aborted) throw signal.reason;
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw new CodedError(traceMessage('llmAnswerTooLarge', { megabytes: MAX_ANSWER_BYTES / 1024 / 1024 }));
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The clients of environments' own endpoints (PipelineServices.llmFor), made once per endpoint and
 * key: each connects only where the outbound policy allows, since a user typed its URL.
 */
export const environmentLlmClients = (policy: OutboundPolicy, timeoutMs: number) => {
  const clients = new Map<string, LlmEngine>();
  return (endpoint: { baseUrl: string; model: string; apiKey: string | null }): LlmEngine => {
    const key = JSON.stringify([endpoint.baseUrl, endpoint.model, endpoint.apiKey]);
    let client = clients.get(key);
    if (!client) {
      // A few environments' endpoints at most; a changed key or URL replaces its entry's use.
      if (clients.size >= 100) clients.clear();
      client = createLlmClient({ ...endpoint, apiKey: endpoint.apiKey ?? undefined, timeoutMs, policy });
      clients.set(key, client);
    }
    return client;
  };
};

/**
 * A chat-completions client for any OpenAI-compatible endpoint (DESIGN.md §6): `POST
 * {baseUrl}/chat/completions`. `chat` sends messages (text and images as data URLs), optionally
 * asking for structured output (`response_format: json_schema`), and answers the first choice's
 * content, refusal and finish reason; `complete` sends one prompt and answers the text. Every
 * failure says which endpoint failed and how, by code (a CodedError).
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
  policy,
}: LlmClientOptions): LlmEngine => {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const chat = async (request: ChatRequest, signal: AbortSignal): Promise<ChatAnswer> => {
    const response = await postToEndpoint(
      'LLM',
      url,
      {
        headers: {
          'content-type': 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({
          model,
          messages: request.messages,
          ...(request.responseFormat
            ? {
                response_format: {
                  type: 'json_schema',
                  json_schema: {
                    name: request.responseFormat.name,
                    strict: true,
                    schema: request.responseFormat.schema,
                  },
                },
              }
            : {}),
        }),
      },
      timeoutMs,
      signal,
      policy,
    );
    const body = parsed(await boundedText(response, signal)) as CompletionBody | undefined;
    const choice = Array.isArray(body?.choices) ? body.choices[0] : undefined;
    if (!choice || typeof choice !== 'object') throw new CodedError(traceMessage('llmNoChoice'));
    return {
      content: textOrNull(choice.message?.content),
      refusal: textOrNull(choice.message?.refusal),
      finishReason: textOrNull(choice.finish_reason),
      model: textOrNull(body?.model) ?? model,
      tokens: tokensOf(body),
    };
  };
  return {
    model,
    chat,
    async complete(prompt, signal) {
      const { content } = await chat({ messages: [{ role: 'user', content: prompt }] }, signal);
      if (content === null) throw new CodedError(traceMessage('llmNoMessage'));
      return content;
    },
  };
};
