import { EXTENSIONS_BY_FAMILY } from '../../../../schemas/extractor-settings';
import { parseFailure, type Parser } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';

/** Tags kept in the metadata, by ID3v2.3/2.4 frame id and by ID3v2.2 frame id. */
const TAGS: Record<string, 'title' | 'artist' | 'album'> = {
  TIT2: 'title',
  TT2: 'title',
  TPE1: 'artist',
  TP1: 'artist',
  TALB: 'album',
  TAL: 'album',
};

const syncsafe = (b: Uint8Array, at: number) =>
  ((b[at] & 0x7f) << 21) | ((b[at + 1] & 0x7f) << 14) | ((b[at + 2] & 0x7f) << 7) | (b[at + 3] & 0x7f);
const uint32 = (b: Uint8Array, at: number) =>
  ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const isId3 = (b: Uint8Array, at: number) => b[at] === 0x49 && b[at + 1] === 0x44 && b[at + 2] === 0x33;

/** Undoes ID3 unsynchronisation: every 0xFF 0x00 was written for a lone 0xFF. */
const resync = (b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(b.length);
  let size = 0;
  for (let i = 0; i < b.length; i++) {
    out[size++] = b[i];
    if (b[i] === 0xff && b[i + 1] === 0x00) i++;
  }
  return out.subarray(0, size);
};

const ENCODINGS = ['latin1', 'utf-16', 'utf-16be', 'utf-8'];

const decodeText = (frame: Uint8Array): string => {
  const encoding = ENCODINGS[frame[0]] ?? 'latin1';
  const text = new TextDecoder(encoding).decode(frame.subarray(1));
  // ID3v2.4 separates several values with a NUL; trailing NULs are padding.
  return text.replace(/\0+$/, '').split('\0').join(' / ').trim();
};

/** Reads title, artist and album from the ID3v2 tag at the start of `b` (versions 2.2 to 2.4). */
const readId3v2 = (b: Uint8Array): Record<string, string> => {
  const tags: Record<string, string> = {};
  const version = b[3];
  const flags = b[5];
  if (version < 2 || version > 4) return tags;
  let body = b.subarray(10, Math.min(b.length, 10 + syncsafe(b, 6)));
  if (flags & 0x80 && version < 4) body = resync(body);
  let at = 0;
  if (flags & 0x40 && version === 3) at = 4 + uint32(body, 0);
  if (flags & 0x40 && version === 4) at = syncsafe(body, 0);
  const idLength = version === 2 ? 3 : 4;
  const headerLength = version === 2 ? 6 : 10;
  while (at + headerLength <= body.length && body[at] !== 0) {
    const id = String.fromCharCode(...body.subarray(at, at + idLength));
    const size =
      version === 2
        ? (body[at + 3] << 16) | (body[at + 4] << 8) | body[at + 5]
        : version === 4
          ? syncsafe(body, at + 4)
          : uint32(body, at + 4);
    const format = version === 2 ? 0 : body[at + 9];
    let frame = body.subarray(at + headerLength, at + headerLength + size);
    at += headerLength + size;
    const name = TAGS[id];
    // Compressed or encrypted frames are skipped: titles are never worth inflating a hostile stream.
    const packed = version === 3 ? format & 0xc0 : version === 4 ? format & 0x0c : 0;
    if (!name || packed || frame.length < 2) continue;
    if (version === 4 && format & 0x01) frame = frame.subarray(4);
    if (version === 4 && format & 0x02) frame = resync(frame);
    const value = decodeText(frame);
    if (value) tags[name] = value;
  }
  return tags;
};

const hasId3v1 = (b: Uint8Array) =>
  b.length >= 128 && String.fromCharCode(...b.subarray(b.length - 128, b.length - 125)) === 'TAG';

/** The ID3v1 tag: the last 128 bytes, fixed-width Latin-1 fields. */
const readId3v1 = (b: Uint8Array): Record<string, string> => {
  if (!hasId3v1(b)) return {};
  const tag = b.subarray(b.length - 128);
  const field = (from: number) =>
    new TextDecoder('latin1')
      .decode(tag.subarray(from, from + 30))
      .replace(/\0.*$/s, '')
      .trim();
  const fields = { title: field(3), artist: field(33), album: field(63) };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
};

const BITRATES = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const SAMPLE_RATES = [
  [11025, 12000, 8000],
  [0, 0, 0],
  [22050, 24000, 16000],
  [44100, 48000, 32000],
];

interface Frame {
  mpeg1: boolean;
  layer: number;
  bitrate: number;
  sampleRate: number;
  channels: number;
  samples: number;
  length: number;
}

/** Decodes the 4-byte MPEG audio frame header at `at`, or null when it is not one. */
const frameAt = (b: Uint8Array, at: number): Frame | null => {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1] >> 3) & 3;
  const layer = 4 - ((b[at + 1] >> 1) & 3);
  const rateIndex = b[at + 2] >> 4;
  const sampleRate = SAMPLE_RATES[version][(b[at + 2] >> 2) & 3] ?? 0;
  if (version === 1 || layer === 4 || rateIndex === 0 || rateIndex === 15 || !sampleRate) return null;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES.v1 : BITRATES.v2)[layer - 1][rateIndex];
  const samples = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152;
  const padding = (b[at + 2] >> 1) & 1;
  const length =
    layer === 1
      ? (Math.floor((12_000 * bitrate) / sampleRate) + padding) * 4
      : Math.floor(((samples / 8) * 1000 * bitrate) / sampleRate) + padding;
  return { mpeg1, layer, bitrate, sampleRate, channels: b[at + 3] >> 6 === 3 ? 1 : 2, samples, length };
};

/** The first frame header confirmed by a second one right after it, searched in the first 64 KB. */
const firstFrame = (b: Uint8Array, from: number): { at: number; frame: Frame } | null => {
  for (let at = from; at < Math.min(b.length, from + 65_536); at++) {
    const frame = frameAt(b, at);
    if (!frame) continue;
    const next = frameAt(b, at + frame.length);
    if (at + frame.length >= b.length || (next && next.sampleRate === frame.sampleRate)) return { at, frame };
  }
  return null;
};

/** Duration from the Xing/Info or VBRI header when the encoder wrote one, else from the bit rate. */
const durationOf = (b: Uint8Array, at: number, frame: Frame, audioEnd: number): number => {
  const side = frame.mpeg1 ? (frame.channels === 1 ? 17 : 32) : frame.channels === 1 ? 9 : 17;
  const xing = at + 4 + side;
  const tag = String.fromCharCode(...b.subarray(xing, xing + 4));
  const flags = uint32(b, xing + 4);
  if ((tag === 'Xing' || tag === 'Info') && flags & 1) {
    // The LAME extension after the optional fields gives the encoder delay and padding in samples.
    const lame =
      xing + 8 + [4, 4, 100, 4].reduce((sum, size, bit) => sum + (flags & (1 << bit) ? size : 0), 0);
    const trimmed = lame + 24 <= b.length ? (b[lame + 21] << 16) | (b[lame + 22] << 8) | b[lame + 23] : 0;
    const skipped =
      String.fromCharCode(...b.subarray(lame, lame + 4)) === 'LAME' ? (trimmed >> 12) + (trimmed & 0xfff) : 0;
    return Math.max(0, uint32(b, xing + 8) * frame.samples - skipped) / frame.sampleRate;
  }
  if (String.fromCharCode(...b.subarray(at + 36, at + 40)) === 'VBRI') {
    return (uint32(b, at + 50) * frame.samples) / frame.sampleRate;
  }
  return ((audioEnd - at) * 8) / (frame.bitrate * 1000);
};

/**
 * MP3: ID3 tags (title, artist, album), stream facts and duration in the metadata; the spoken text
 * through the configured speech endpoint when the transcript option is on.
 *
 * @example
 *   const out = await mp3Parser.parse({ filename: 'call.mp3', bytes }, context);
 *   out.metadata.title; out.pages[0].text; // the transcript
 */
export const mp3Parser: Parser<'audio'> = {
  family: 'audio',
  extensions: EXTENSIONS_BY_FAMILY.audio,
  async parse({ filename, bytes }, { options, speech, signal }) {
    let audio = 0;
    let tags: Record<string, string> = {};
    // Some writers put several ID3v2 tags one after the other; the first one holds the tags.
    while (isId3(bytes, audio) && bytes.length >= audio + 10) {
      if (audio === 0) tags = readId3v2(bytes);
      audio += 10 + syncsafe(bytes, audio + 6) + (bytes[audio + 5] & 0x10 ? 10 : 0);
    }
    const found = firstFrame(bytes, audio);
    if (!found) throw parseFailure('NOT_MP3', traceMessage('parseNotMp3'));
    const { at, frame } = found;
    const end = hasId3v1(bytes) ? bytes.length - 128 : bytes.length;
    const metadata = {
      ...readId3v1(bytes),
      ...tags,
      durationSeconds: Math.round(durationOf(bytes, at, frame, end) * 10) / 10,
      sampleRateHz: frame.sampleRate,
      channels: frame.channels,
    };
    if (!options.transcript) {
      return {
        pages: [{ text: '', ocr: false }],
        attachments: [],
        metadata,
        warnings: [traceMessage('warnTranscriptionOff')],
      };
    }
    if (!speech) {
      throw parseFailure('NO_SPEECH_ENDPOINT', traceMessage('parseNoSpeech'));
    }
    signal.throwIfAborted();
    const { text, language } = await speech.transcribe(bytes, filename);
    return {
      pages: [{ text: text.trim(), ocr: false }],
      attachments: [],
      metadata: language ? { ...metadata, transcriptLanguage: language } : metadata,
      warnings: [],
    };
  },
};
