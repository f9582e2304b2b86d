import path from 'node:path';
import { traceMessage } from '../../schemas/trace-messages';
import type { SpeechEngine } from '../pipeline/extractor/types';
import { CodedError } from '../pipeline/stage';
import { postToEndpoint } from './endpoint';

export interface SpeechClientOptions {
  /** Up to the API version, without the trailing path: `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

const MIME_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.webm': 'audio/webm',
};

/**
 * A speech-to-text client for any OpenAI-compatible endpoint (OpenAI, a local whisper server…):
 * `POST {baseUrl}/audio/transcriptions`, multipart `file` + `model`, JSON answer `{ text }`.
 *
 * @example
 *   const speech = createSpeechClient({ baseUrl: 'http://localhost:8000/v1', model: 'whisper-1' });
 *   const { text } = await speech.transcribe(mp3Bytes, 'call.mp3');
 */
export const createSpeechClient = ({
  baseUrl,
  apiKey,
  model,
  timeoutMs = 60_000,
}: SpeechClientOptions): SpeechEngine => {
  const url = `${baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    async transcribe(audio, filename) {
      const type = MIME_TYPES[path.extname(filename).toLowerCase()] ?? 'application/octet-stream';
      const form = new FormData();
      // A copy: Blob wants bytes on a plain ArrayBuffer, and the caller's may sit on a shared one.
      form.append('file', new Blob([new Uint8Array(audio)], { type }), path.basename(filename));
      form.append('model', model);
      form.append('response_format', 'json');
      const response = await postToEndpoint(
        'speech',
        url,
        { headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {}, body: form },
        timeoutMs,
      );
      const body: unknown = await response.json().catch(() => undefined);
      if (
        typeof body !== 'object' ||
        body === null ||
        typeof (body as { text?: unknown }).text !== 'string'
      ) {
        throw new CodedError(traceMessage('speechNoTranscript'));
      }
      const { text, language } = body as { text: string; language?: unknown };
      return typeof language === 'string' ? { text, language } : { text };
    },
  };
};

/**
 * The speech engine the environment configures, or null when `SPEECH_BASE_URL` is unset (audio
 * transcription then fails with a clear message). Same variables and default model as `loadConfig`.
 */
export const speechFromEnv = (env: Record<string, string | undefined> = process.env): SpeechEngine | null => {
  const baseUrl = env.SPEECH_BASE_URL?.trim();
  if (!baseUrl) return null;
  return createSpeechClient({
    baseUrl,
    apiKey: env.SPEECH_API_KEY || undefined,
    model: env.SPEECH_MODEL || 'whisper-1',
  });
};
