import type { PipelineInput } from '../pipeline/stage';

/**
 * The input of a test tab (reply, advanced categorisation): the text, or a mail when a subject is
 * given, so that templates read it as they read an analysis.
 */
export const testInput = (name: string, text: string, subject?: string): PipelineInput =>
  subject?.trim()
    ? {
        kind: 'file',
        name,
        filename: 'test.eml',
        bytes: new TextEncoder().encode(
          `Subject: ${subject.replace(/[\r\n]+/g, ' ')}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}`,
        ),
        metadata: {},
      }
    : { kind: 'text', name, text, metadata: {} };
