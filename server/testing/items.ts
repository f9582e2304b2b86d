import { CLASSIFICATION_KINDS, type ClassificationKind } from '../../schemas/bank-message.schema';
import type { Queryable } from '../kernel/db';
import type { Basis } from './basis';
import { labelsOf, type Expectations } from './labels';
import type { ScoredItem } from './scores';

/** A test's item as the scoring, the impact preview and the comparison of runs read it. */
export interface ItemRow extends Record<string, unknown> {
  message_id: string;
  message_name: string;
  analysis_id: string | null;
  status: 'waiting' | 'done' | 'error';
  /** The message's expectations and qualification when the test was launched. */
  expected: Expectations;
  qualification: Partial<Record<ClassificationKind, string>>;
  detected: Expectations | null;
  basis: Basis | null;
  /** What the analysis was (its basis's kind), for the domain rules' input types; null without a basis. */
  input_kind: Basis['kind'] | null;
}

/**
 * Items read per statement: each page is worked on before the next is read. Small enough that one
 * page's statement, parsing and work stay far below 100 ms on the event loop, PGlite's included
 * (it runs its statements on this thread).
 */
const PAGE = 500;

/**
 * Reads a test's items a page at a time in message order, handing each page to `take` (awaited):
 * a 10,000-item run is never one result at the driver, nor one long stretch of the event loop, and
 * what `take` does not keep of a page (its bases) is freed before the next is read.
 */
export const eachItemPage = async (
  q: Queryable,
  testId: string,
  take: (page: ItemRow[]) => void | Promise<void>,
  { withBasis = false } = {},
) => {
  for (let last = '00000000-0000-0000-0000-000000000000'; ;) {
    const page = await q.query<ItemRow>(
      `SELECT message_id, message_name, analysis_id, status, expected, qualification, detected,
              basis->>'kind' AS input_kind ${withBasis ? ', basis' : ''}
       FROM test_items WHERE test_id = $1 AND message_id > $2 ORDER BY message_id LIMIT ${PAGE}`,
      [testId, last],
    );
    await take(page);
    if (page.length < PAGE) return;
    // A turn of the event loop between pages: PGlite's statements resolve without one, and a
    // 10,000-item run would otherwise hold the loop from the first page to the last.
    await new Promise((resolve) => setImmediate(resolve));
    last = page[page.length - 1].message_id;
  }
};

/** An item as `scoreRun` takes it, with what it detected (its own, or what a preview gives it). */
export const scoredItem = (row: ItemRow, detected: Expectations | null = row.detected): ScoredItem => ({
  messageId: row.message_id,
  qualified: CLASSIFICATION_KINDS.filter((k) => row.qualification[k] === 'qualified'),
  expected: labelsOf(row.expected),
  detected: labelsOf(detected),
  input: row.input_kind,
});
