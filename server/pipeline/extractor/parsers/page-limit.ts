import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';

/**
 * The warning for a document longer than `maxPages`: how many pages (or slides) were read and how
 * many were left out. Null when nothing was left out.
 *
 * @example
 *   inEnglish(pageLimitWarning(5000, 200, 'pages')!) // 'Only the first 200 of 5000 pages were read; 4800 were left out (maximum 200)'
 */
export const pageLimitWarning = (
  total: number,
  maxPages: number,
  unit: 'pages' | 'slides',
): TraceMessage | null =>
  total > maxPages
    ? traceMessage(unit === 'pages' ? 'warnPageLimit' : 'warnSlideLimit', {
        max: maxPages,
        total,
        smart_count: total - maxPages,
      })
    : null;
