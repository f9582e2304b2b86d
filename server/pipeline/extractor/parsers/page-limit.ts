/**
 * The warning for a document longer than `maxPages`: how many pages (or slides) were read and how
 * many were left out. Null when nothing was left out.
 *
 * @example
 *   pageLimitWarning(5000, 200, 'pages') // 'Only the first 200 of 5000 pages were read; 4800 were left out (maximum 200)'
 */
export const pageLimitWarning = (total: number, maxPages: number, unit: 'pages' | 'slides'): string | null =>
  total > maxPages
    ? `Only the first ${maxPages} of ${total} ${unit} were read; ${total - maxPages} ${total - maxPages === 1 ? 'was' : 'were'} left out (maximum ${maxPages})`
    : null;
