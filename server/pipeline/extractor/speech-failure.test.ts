import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { traceList, traceMessage } from '../../../schemas/trace-messages';
import { runPipeline } from '../engine';
import { CodedError, EMPTY_LANGUAGE_CONFIG, type PipelineConfig, type PipelineServices } from '../stage';
import { extract } from './extract';
import { corpusBytes } from './test-support/corpus';

const timeout = traceMessage('endpointTimeout', {
  endpoint: traceList([traceMessage('endpointSpeech')]),
  seconds: 60,
});
const services: PipelineServices = {
  ocr: { recognize: () => Promise.reject(new Error('no OCR in this test')) },
  speech: { transcribe: () => Promise.reject(new CodedError(timeout)) },
};
const mp3 = corpusBytes('audio/markitdown-test.mp3');
const signal = new AbortController().signal;

describe('a speech endpoint’s failure (said by code where the extractor meets it)', () => {
  it('fails the extractor step of an audio file with the endpoint’s code', async () => {
    const config: PipelineConfig = {
      extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
      languages: ['fr'],
      ...structuredClone(EMPTY_LANGUAGE_CONFIG),
    };
    const result = await runPipeline(
      'a',
      { kind: 'file', name: 'call', filename: 'call.mp3', bytes: mp3, metadata: {} },
      config,
      services,
      signal,
    );
    expect(result.trace.find((t) => t.step === 'extractor')).toMatchObject({
      status: 'error',
      errors: ['The speech endpoint did not answer within 60 s'],
      messages: { errors: [timeout] },
    });
  });

  it('says an audio attachment unreadable with the endpoint’s code inside, its English as before', async () => {
    const eml = [
      'Subject: Voicemail',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Listen to this.',
      '--b',
      'Content-Type: audio/mpeg; name="call.mp3"',
      'Content-Disposition: attachment; filename="call.mp3"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(mp3).toString('base64'),
      '--b--',
      '',
    ].join('\r\n');
    const { extraction } = await extract(
      { kind: 'file', filename: 'voicemail.eml', bytes: new TextEncoder().encode(eml) },
      structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
      services,
      signal,
    );
    const attachment = extraction.attachments.find((a) => a.filename === 'call.mp3')!;
    expect(attachment.error).toBe('It could not be read: The speech endpoint did not answer within 60 s');
    expect(attachment.messages?.error).toEqual(
      traceMessage('attachmentUnreadable', { detail: traceList([timeout]) }),
    );
  });
});
