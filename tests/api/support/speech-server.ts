import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpeechServer {
  url: string;
  /** Transcription requests received so far. */
  received: number;
  /** Resolves once `n` requests have arrived. */
  nth(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local stand-in for a third-party speech-to-text service, speaking the OpenAI-compatible
 * `POST /audio/transcriptions` protocol. Requests listed in `hold` (1-based) get no answer, as a
 * service busy on a long recording: the caller stays mid-analysis.
 */
export const startSpeechServer = async (
  options: { hold?: number[]; text?: string } = {},
): Promise<SpeechServer> => {
  const waiters: { n: number; resolve(): void }[] = [];
  const state = { received: 0 };
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/audio/transcriptions')) {
      res.writeHead(404).end();
      return;
    }
    req.resume();
    req.on('end', () => {
      state.received += 1;
      for (const w of waiters.filter((w) => w.n <= state.received)) w.resolve();
      if (options.hold?.includes(state.received)) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: options.text ?? 'Bonjour, ceci est une transcription.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get received() {
      return state.received;
    },
    nth: (n, ms = 60_000) =>
      new Promise<void>((resolve, reject) => {
        if (state.received >= n) return resolve();
        const timer = setTimeout(() => reject(new Error(`speech request ${n} never came`)), ms);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
