import { canonicalValue, isCategoryKind, type ValueType } from '../../schemas/classification.schema';
import { CLASSIFICATION_KINDS } from '../../schemas/bank-message.schema';
import { fieldProblem, type FieldProblem } from '../../schemas/detail-messages';
import type { Queryable } from '../kernel/db';
import type { ResourceRulesMap, SaveRule } from '../resources/rules';
import type { FieldError } from '../resources/validation';
import type { ClassificationReading, ClassificationReadings } from './scores';

/**
 * The project's classification settings (docs/testing-centre.md "Classifications: value types,
 * ignored, private"): how each classification's values compare, whether tests score it, whether
 * it leaves the team in exports. Read when a test ends (its scores keep the settings of that
 * moment, as they keep the domain rules of its launch), when two tests are compared or a change
 * previewed (both sides under today's settings), and when bank expectations are saved, so that no
 * expected value contradicts its type.
 */

const RESOURCE = 'classification';

const key = (kind: string, name: string) => `${kind}\u0000${name}`;

/** The project's settings, or null when it has none (scores read every value as text). */
export const classificationReadings = async (
  q: Queryable,
  projectId: string,
): Promise<ClassificationReadings | null> => {
  const rows = await q.query<{
    kind: string;
    name: string;
    value_type: string | null;
    ignored: boolean | null;
    visibility: string | null;
  }>(
    `SELECT data->>'kind' AS kind, data->>'name' AS name, data->>'valueType' AS value_type,
            (data->>'ignored')::boolean AS ignored, data->>'visibility' AS visibility
     FROM resource_documents WHERE resource = '${RESOURCE}' AND scope_id = $1`,
    [projectId],
  );
  if (rows.length === 0) return null;
  const byKey = new Map<string, ClassificationReading>();
  for (const r of rows)
    byKey.set(key(r.kind, r.name), {
      valueType: (r.value_type ?? 'string') as ValueType,
      ignored: r.ignored === true,
      visibility: r.visibility === 'private' ? 'private' : 'public',
    });
  return (kind, name) => byKey.get(key(kind, name));
};

const TYPE_PROBLEM = {
  number: 'classificationNotNumber',
  boolean: 'classificationNotBoolean',
  object: 'classificationNotObject',
} as const;

/** Why a value is not of a type, on the field `path`; null when it is (every text is a string or a list). */
const typeProblem = (path: string, type: ValueType, name: string, value: string): FieldProblem | null =>
  type in TYPE_PROBLEM && canonicalValue(type, value) === null
    ? fieldProblem(path, TYPE_PROBLEM[type as keyof typeof TYPE_PROBLEM], {
        name,
        value: value.slice(0, 100),
      })
    : null;

/** A bank message's expected values that are not of their classification's type, on their fields. */
export const expectedValueProblems = (
  expected: Record<string, unknown> | undefined,
  readings: ClassificationReadings | null,
): FieldProblem[] => {
  if (!expected || !readings) return [];
  const problems: FieldProblem[] = [];
  for (const kind of CLASSIFICATION_KINDS) {
    const list = expected[kind];
    if (isCategoryKind(kind) || !Array.isArray(list)) continue;
    list.forEach((v: { name?: unknown; value?: unknown }, i) => {
      const type = readings(kind, String(v?.name ?? ''))?.valueType;
      const problem =
        type && typeProblem(`expected.${kind}.${i}.value`, type, String(v.name), String(v.value ?? ''));
      if (problem) problems.push(problem);
    });
  }
  return problems;
};

/**
 * A value type may change only while the bank's values of the classification are all of it: a
 * category keeps text (it has no value); the first message whose value is not of the new type is
 * named, with how many there are.
 */
const classificationRule: SaveRule = async (q, projectId, data) => {
  const errors: FieldError[] = [];
  const kind = String(data.kind ?? '');
  const name = String(data.name ?? '');
  const type = (data.valueType ?? 'string') as ValueType;
  if (type === 'string') return errors;
  if (isCategoryKind(kind)) {
    errors.push(fieldProblem('valueType', 'classificationCategoryType'));
    return errors;
  }
  if (!(CLASSIFICATION_KINDS as readonly string[]).includes(kind)) return errors;
  const rows = await q.query<{ message: string; value: string }>(
    `SELECT m.name AS message, e->>'value' AS value
     FROM bank_messages m CROSS JOIN LATERAL jsonb_array_elements(
       CASE jsonb_typeof(m.expected->$2) WHEN 'array' THEN m.expected->$2 ELSE '[]' END) e
     WHERE m.project_id = $1 AND e->>'name' = $3
     ORDER BY m.name`,
    [projectId, kind, name],
  );
  const wrong = rows.filter((r) => typeProblem('valueType', type, name, r.value ?? '') !== null);
  if (wrong.length > 0)
    errors.push(
      fieldProblem('valueType', 'classificationValuesOfOtherType', {
        message: wrong[0].message,
        value: (wrong[0].value ?? '').slice(0, 100),
        name,
        count: wrong.length,
      }),
    );
  return errors;
};

export const classificationRules: ResourceRulesMap = { [RESOURCE]: { check: classificationRule } };
