import { useLocale, useTranslate } from 'react-admin';
import type { TraceEntry } from '../../../../schemas/analysis-result';
import { sayTrace, type TraceMessage } from '../../../../schemas/trace-messages';
import { traceReader } from '../../../i18n/trace/reader';

/** A trace message from an untyped answer (`{ code, params? }`). */
export const isTraceMessage = (value: unknown): value is TraceMessage =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';

/**
 * What a trace entry says, in the user's language: its sentences by code where the server gave
 * codes (schemas/trace-messages.ts), else its English words (results stored before codes, and the
 * messages of parsers and libraries).
 *
 * @example
 *   const { summary, warnings } = useTraceText();
 *   summary(entry); // 'Fichier a.eml (4,4 ko)'
 */
export const useTraceText = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const reader = traceReader(locale, translate);
  const say = (message: TraceMessage | null | undefined, english: string) =>
    (message && sayTrace(message, reader)) ?? english;
  return {
    /** A message by code, else its English words. */
    say,
    /** English lines, each said by its code at the same index where it has one. */
    lines: (english: readonly string[], messages?: readonly (TraceMessage | null)[]) =>
      english.map((line, i) => say(messages?.[i], line)),
    summary: (entry: TraceEntry) => say(entry.messages?.summary, entry.summary),
    warnings: (entry: TraceEntry) => entry.warnings.map((w, i) => say(entry.messages?.warnings[i], w)),
    errors: (entry: TraceEntry) => entry.errors.map((e, i) => say(entry.messages?.errors?.[i], e)),
    /** Why an analysis failed (its `error`, by code in `errorMessage` when stored with one); null when it did not. */
    failure: (analysis: { error?: string | null; errorMessage?: unknown }) =>
      analysis.error
        ? say(isTraceMessage(analysis.errorMessage) ? analysis.errorMessage : null, analysis.error)
        : null,
  };
};
