import { CLASSIFICATION_KINDS } from '../../schemas/bank-message.schema';
import { CHANGES_SHOWN, type ChangeCause, type TestComparison } from '../../schemas/contracts/testing';
import type { Queryable } from '../kernel/db';
import { ClientError } from '../kernel/http/errors';
import type { Basis } from './basis';
import { classificationReadings } from './classifications';
import { diffScorings, type MessageRef } from './changes';
import { runDomainRules } from './campaign';
import { domainPolicy } from './domain-rules';
import { eachItemPage, scoredItem, type ItemRow } from './items';
import type { ScoredItem } from './scores';

/**
 * Two runs compared message by message (beyond the spec, docs/decisions/testing-compare-runs.md):
 * scores side by side, the messages whose outcome changed, and why — grouped by the rule that
 * decided in one run only or the interaction found in one only (from the items' bases, migration
 * 015), or their expectations.
 */

/** A test that is not one of the project's: the 404 of every test route. */
export const testNotFound = () => new ClientError(404, 'TEST_NOT_FOUND', 'The test does not exist');

const readRun = async (q: Queryable, projectId: string, testId: string) => {
  const [test] = await q.query<{ status: string }>(
    'SELECT status FROM tests WHERE id = $1 AND project_id = $2',
    [testId, projectId],
  );
  if (!test) throw testNotFound();
  if (test.status === 'running')
    throw new ClientError(409, 'TEST_RUNNING', 'The test is still running: compare it once it ended');
  const items = new Map<string, ItemRow>();
  await eachItemPage(
    q,
    testId,
    (page) => {
      for (const row of page) if (row.status !== 'waiting') items.set(row.message_id, row);
    },
    { withBasis: true },
  );
  return items;
};

const decisionKeys = (basis: Basis | null) =>
  new Map(
    (basis?.decisions ?? []).map((d) => [`${d.attachment ?? ''}\u0000${d.category}\u0000${d.rule ?? ''}`, d]),
  );
const interactionNames = (basis: Basis | null) => new Set((basis?.interactions ?? []).map((i) => i.name));

type Cause = Omit<ChangeCause, 'count' | 'messages'>;

/** Why one message's outcome changed: what its two bases and expectations differ in. */
const causesOf = (was: ItemRow, now: ItemRow): Cause[] => {
  const causes: Cause[] = [];
  const rulesBefore = decisionKeys(was.basis);
  const rulesAfter = decisionKeys(now.basis);
  for (const [k, d] of rulesAfter)
    if (!rulesBefore.has(k))
      causes.push({ type: 'rule', category: d.category, name: d.rule, direction: 'added' });
  for (const [k, d] of rulesBefore)
    if (!rulesAfter.has(k))
      causes.push({ type: 'rule', category: d.category, name: d.rule, direction: 'removed' });
  const foundBefore = interactionNames(was.basis);
  const foundAfter = interactionNames(now.basis);
  for (const name of foundAfter)
    if (!foundBefore.has(name))
      causes.push({ type: 'interaction', category: null, name, direction: 'added' });
  for (const name of foundBefore)
    if (!foundAfter.has(name))
      causes.push({ type: 'interaction', category: null, name, direction: 'removed' });
  const expectationsMoved = CLASSIFICATION_KINDS.some(
    (k) =>
      JSON.stringify(was.expected[k] ?? []) !== JSON.stringify(now.expected[k] ?? []) ||
      was.qualification[k] !== now.qualification[k],
  );
  if (expectationsMoved) causes.push({ type: 'expectation', category: null, name: null, direction: null });
  if (causes.length === 0) causes.push({ type: 'other', category: null, name: null, direction: null });
  return causes;
};

/**
 * Compares the run `id` (after) with the run `other` (before), on the messages that ended in both.
 * 404 TEST_NOT_FOUND when either is not a test of the project; 409 TEST_RUNNING while one runs.
 */
export const compareTests = async (
  q: Queryable,
  projectId: string,
  id: string,
  other: string,
): Promise<TestComparison> => {
  const beforeRun = await readRun(q, projectId, other);
  const afterRun = await readRun(q, projectId, id);
  const domains = {
    before: domainPolicy(await runDomainRules(q, other)),
    after: domainPolicy(await runDomainRules(q, id)),
  };
  const before: ScoredItem[] = [];
  const after: ScoredItem[] = [];
  const refs = new Map<string, MessageRef>();
  for (const [messageId, now] of afterRun) {
    const was = beforeRun.get(messageId);
    if (!was) continue;
    before.push(scoredItem(was));
    after.push(scoredItem(now));
    refs.set(messageId, {
      name: now.message_name,
      analysisBefore: was.analysis_id,
      analysisAfter: now.analysis_id,
    });
  }
  const { changedIds, ...diff } = await diffScorings(
    before,
    after,
    refs,
    domains,
    await classificationReadings(q, projectId),
  );

  const groups = new Map<string, ChangeCause>();
  for (const messageId of changedIds) {
    const was = beforeRun.get(messageId)!;
    const now = afterRun.get(messageId)!;
    for (const cause of causesOf(was, now)) {
      const key = JSON.stringify([cause.type, cause.category, cause.name, cause.direction]);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { ...cause, count: 0, messages: [] }));
      group.count++;
      if (group.messages.length < CHANGES_SHOWN)
        group.messages.push({ id: messageId, name: now.message_name });
    }
  }
  const compared = before.length;
  return {
    messages: {
      compared,
      onlyBefore: beforeRun.size - compared,
      onlyAfter: afterRun.size - compared,
    },
    ...diff,
    causes: [...groups.values()].sort((a, b) => b.count - a.count),
  };
};
