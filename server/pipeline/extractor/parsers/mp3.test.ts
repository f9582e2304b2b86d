import { describe, expect, it } from 'vitest';
import type { AudioOptions } from '../../../../schemas/extractor-settings';
import { corpusBytes, corpusEntries, type CorpusEntry } from '../test-support/corpus';
import { ParseError, type ParseContext, type ParseOutput, type SpeechEngine } from '../types';
import { recordingOcr } from './document-fixtures';
import { mp3Parser } from './mp3';
import { said } from '../test-support/warnings';

/** A speech engine that records what it was sent and answers a fixed transcript. */
const recordingSpeech = (answer: { text: string; language?: string }) => {
  const calls: { audio: Uint8Array; filename: string }[] = [];
  const engine: SpeechEngine & { calls: typeof calls } = {
    calls,
    async transcribe(audio, filename) {
      calls.push({ audio, filename });
      return answer;
    },
  };
  return engine;
};

const context = (
  options: Partial<AudioOptions> = {},
  speech: SpeechEngine | null = null,
): ParseContext<'audio'> => ({
  options: { transcript: true, ...options },
  signal: new AbortController().signal,
  ocr: recordingOcr(),
  speech,
});

const parse = (bytes: Uint8Array, options: Partial<AudioOptions> = {}, speech: SpeechEngine | null = null) =>
  mp3Parser.parse({ filename: 'audio.mp3', bytes }, context(options, speech));

const failure = async (promise: Promise<unknown>): Promise<ParseError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
};

type FactCheck = (out: ParseOutput, value: unknown) => void;

/** Every fact key of the audio files is checked here or listed in UNCHECKED with the reason. */
const FACT_CHECKS: Record<string, FactCheck> = {
  id3: (out, tags) => {
    const wanted = (tags ?? {}) as Record<string, string>;
    for (const key of ['title', 'artist', 'album']) expect(out.metadata[key], key).toBe(wanted[key]);
  },
  sample_rate_hz: (out, rate) => expect(out.metadata.sampleRateHz).toBe(rate),
  channels: (out, channels) => expect(out.metadata.channels).toBe(channels),
  duration_s_approx: (out, seconds) =>
    expect(Number(out.metadata.durationSeconds)).toBeCloseTo(Number(seconds), 1),
};

const UNCHECKED: Record<string, string> = {
  speech:
    'what is said needs a speech-to-text service; the transcript path is tested with a recording engine',
  speech_transcript: 'as speech',
};

/** ID3v2 frame: 4-byte id, size (syncsafe in v2.4), flags, then the text with its encoding byte. */
const frame = (id: string, encoding: number, text: Uint8Array, version: 3 | 4) => {
  const body = new Uint8Array([encoding, ...text]);
  const n = body.length;
  const size =
    version === 4
      ? [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]
      : [n >> 24, n >> 16, n >> 8, n];
  return new Uint8Array([...new TextEncoder().encode(id), ...size.map((b) => b & 0xff), 0, 0, ...body]);
};

const id3v2 = (version: 3 | 4, frames: Uint8Array[]) => {
  const body = new Uint8Array(frames.flatMap((f) => [...f]));
  const n = body.length;
  return new Uint8Array([
    0x49,
    0x44,
    0x33,
    version,
    0,
    0,
    (n >> 21) & 0x7f,
    (n >> 14) & 0x7f,
    (n >> 7) & 0x7f,
    n & 0x7f,
    ...body,
  ]);
};

const utf16 = (text: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le'), 0, 0]);

/** The MPEG frames of the corpus file without ID3 tag (textract's MP3 has none). */
const audioFrames = () => corpusBytes('audio/textract-raw_text.mp3');

describe('mp3Parser on the corpus', () => {
  const entries = corpusEntries('audio');
  it('covers the 2 MP3s of the corpus', () => expect(entries).toHaveLength(2));

  it.each(entries.map((entry) => [entry.file, entry] as [string, CorpusEntry]))(
    '%s: the manifest facts hold',
    async (file, entry) => {
      const out = await mp3Parser.parse(
        { filename: file, bytes: corpusBytes(file) },
        context({ transcript: false }),
      );
      for (const [key, value] of Object.entries(entry.facts)) {
        if (key in UNCHECKED) continue;
        expect(FACT_CHECKS[key], `a check for the fact "${key}"`).toBeDefined();
        FACT_CHECKS[key](out, value);
      }
    },
  );
});

describe('mp3Parser transcript option', () => {
  const bytes = corpusBytes('audio/markitdown-test.mp3');

  it('sends the file to the speech engine and gives one page with its transcript', async () => {
    const speech = recordingSpeech({ text: ' One, two, three, four, five. ', language: 'english' });
    const out = await mp3Parser.parse({ filename: 'count.mp3', bytes }, context({}, speech));
    expect(speech.calls).toEqual([{ audio: bytes, filename: 'count.mp3' }]);
    expect(out.pages).toEqual([{ text: 'One, two, three, four, five.', ocr: false }]);
    expect(out.metadata).toMatchObject({
      title: 'f67a499e-a7d0-4ca3-a49b-358bd934ae3e',
      transcriptLanguage: 'english',
    });
    expect(said(out.warnings)).toEqual([]);
  });

  it('fails with a clear message when no speech endpoint is configured', async () => {
    const error = await failure(parse(bytes));
    expect(error.message).toBe(
      'Audio transcription needs a speech endpoint; none is configured (SPEECH_BASE_URL)',
    );
    expect(error.code).toBe('NO_SPEECH_ENDPOINT');
  });

  it('transcript false: no call, the tags only, one empty page and a warning', async () => {
    const speech = recordingSpeech({ text: 'never asked' });
    const out = await parse(bytes, { transcript: false }, speech);
    expect(speech.calls).toEqual([]);
    expect(out.pages).toEqual([{ text: '', ocr: false }]);
    expect(said(out.warnings)).toEqual(['Transcription is turned off for audio: no text was read']);
    expect(out.metadata.artist).toBe('Artist Name Test String');
  });

  it('stops before the speech call when the analysis is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const speech = recordingSpeech({ text: 'never asked' });
    const run = mp3Parser.parse(
      { filename: 'a.mp3', bytes },
      { ...context({}, speech), signal: controller.signal },
    );
    await expect(run).rejects.toThrow(/abort/i);
    expect(speech.calls).toEqual([]);
  });
});

describe('mp3Parser ID3 reader', () => {
  it('reads ID3v2.3 UTF-16 text frames', async () => {
    const tag = id3v2(3, [
      frame('TIT2', 1, utf16('Réunion du lundi'), 3),
      frame('TPE1', 1, utf16('Équipe'), 3),
    ]);
    const out = await parse(new Uint8Array([...tag, ...audioFrames()]), { transcript: false });
    expect(out.metadata).toMatchObject({ title: 'Réunion du lundi', artist: 'Équipe', sampleRateHz: 16000 });
  });

  it('reads ID3v2.4 UTF-8 frames with syncsafe sizes, several values joined', async () => {
    const album = new TextEncoder().encode('Face A\0Face B');
    const tag = id3v2(4, [
      frame('TALB', 3, album, 4),
      frame('TIT2', 0, new TextEncoder().encode('Plain title'), 4),
    ]);
    const out = await parse(new Uint8Array([...tag, ...audioFrames()]), { transcript: false });
    expect(out.metadata).toMatchObject({ album: 'Face A / Face B', title: 'Plain title' });
  });

  it('falls back to the ID3v1 tag at the end of the file', async () => {
    const v1 = new Uint8Array(128);
    v1.set(new TextEncoder().encode('TAG'));
    v1.set(new TextEncoder().encode('Old title'), 3);
    v1.set(new TextEncoder().encode('Old artist'), 33);
    const out = await parse(new Uint8Array([...audioFrames(), ...v1]), { transcript: false });
    expect(out.metadata).toMatchObject({ title: 'Old title', artist: 'Old artist' });
    expect(out.metadata.album).toBeUndefined();
  });

  it('ignores a frame size running past the tag', async () => {
    const tag = id3v2(3, [frame('TIT2', 0, new TextEncoder().encode('Short'), 3)]);
    tag[14] = 0x7f; // the frame claims 2 GB
    const out = await parse(new Uint8Array([...tag, ...audioFrames()]), { transcript: false });
    expect(out.metadata.sampleRateHz).toBe(16000);
  });
});

describe('mp3Parser refusals', () => {
  it('refuses files that are not MP3, whatever their name says', async () => {
    const speech = recordingSpeech({ text: 'never asked' });
    for (const bytes of [
      new Uint8Array(0),
      corpusBytes('image/phototest.tif'),
      new TextEncoder().encode('ID3 but nothing after it'),
      id3v2(3, [frame('TIT2', 0, new TextEncoder().encode('A tag and no audio'), 3)]),
    ]) {
      const error = await failure(parse(bytes, {}, speech));
      expect(error.code).toBe('NOT_MP3');
      expect(error.message).toBe('The file is not an MP3 audio file (no MPEG audio frame found)');
    }
    expect(speech.calls).toEqual([]);
  });
});
