import { PROJECT_RULES_MAX, type DomainRuleApplied, type ProjectRule } from '../../schemas/contracts/testing';
import {
  DOMAIN_MODULE_TYPES,
  KINDS_OF_MODULE,
  type DomainModuleType,
} from '../../schemas/domain-module.schema';
import type { Queryable } from '../kernel/db';
import { ClientError } from '../kernel/http/errors';
import { fieldProblem } from '../../schemas/detail-messages';
import type { DeleteGuard, ResourceRulesMap, SaveRule } from '../resources/rules';
import type { FieldError } from '../resources/validation';
import type { DomainCoverage } from './scores';

/**
 * Domain modules and domain rules (spec pipeline §2–3, §5; DESIGN.md §6 "Testing centre"): which
 * module's output a test scores for each classification. Their checks keep the project's set
 * coherent — a rule names a categorisation rule of the project, a domain module of the project that
 * gives its kind, environments of the project — and a test snapshots the rules of its environment
 * when it is launched, so that its scores, its comparison with another run and the impact preview
 * on it always read the same ones.
 */

const MODULE_RESOURCE = 'domain-module';
const RULE_RESOURCE = 'domain-rule';

const modulesGiving = (kind: string) =>
  DOMAIN_MODULE_TYPES.filter((t) => (KINDS_OF_MODULE[t] as readonly string[]).includes(kind));

/** Whether one of the project's environments has a category rule of this name. */
const isProjectRule = async (q: Queryable, projectId: string, name: string) =>
  (
    await q.query(
      `SELECT 1 FROM resource_documents d JOIN environments e ON e.id = d.scope_id
       WHERE d.resource = 'category' AND e.project_id = $1 AND e.deletion_requested_at IS NULL
         AND jsonb_typeof(d.data->'rules') = 'array'
         AND EXISTS (SELECT 1 FROM jsonb_array_elements(d.data->'rules') r WHERE r->>'name' = $2)
       LIMIT 1`,
      [projectId, name],
    )
  ).length > 0;

/** The project's categorisation rules by name, with their categories and environments (names sorted). */
export const projectRules = (q: Queryable, projectId: string) =>
  q.query<ProjectRule>(
    `SELECT r->>'name' AS name, array_agg(DISTINCT d.data->>'name' ORDER BY d.data->>'name') AS categories,
            array_agg(DISTINCT e.name ORDER BY e.name) AS environments
     FROM resource_documents d JOIN environments e ON e.id = d.scope_id
     CROSS JOIN LATERAL jsonb_array_elements(CASE jsonb_typeof(d.data->'rules') WHEN 'array' THEN d.data->'rules' ELSE '[]' END) r
     WHERE d.resource = 'category' AND e.project_id = $1 AND e.deletion_requested_at IS NULL
     GROUP BY r->>'name' ORDER BY r->>'name' LIMIT ${PROJECT_RULES_MAX}`,
    [projectId],
  );

const domainRuleRule: SaveRule = async (q, projectId, data) => {
  const errors: FieldError[] = [];
  const name = String(data.name ?? '');
  if (name && !(await isProjectRule(q, projectId, name)))
    errors.push({ ...fieldProblem('name', 'domainRuleUnknown', { name }), keyword: 'projectRule' });
  const kind = String(data.kind ?? 'categories');
  const [module] = await q.query<{ name: string; type: string }>(
    `SELECT data->>'name' AS name, data->>'module' AS type FROM resource_documents
     WHERE resource = '${MODULE_RESOURCE}' AND scope_id = $1 AND id::text = $2`,
    [projectId, String(data.module ?? '')],
  );
  if (!module) errors.push({ ...fieldProblem('module', 'domainModuleChoose'), keyword: 'domainModule' });
  else if (!modulesGiving(kind).includes(module.type as DomainModuleType)) {
    const giving = modulesGiving(kind);
    errors.push({
      keyword: 'moduleKind',
      // One module type gives each kind today; were there several, the English alone would say them.
      ...(giving.length === 0
        ? fieldProblem('module', 'domainKindWithoutModule', { kind })
        : giving.length === 1
          ? fieldProblem('module', 'domainModuleGivesNo', {
              domainModule: module.name,
              kind,
              type: giving[0],
            })
          : {
              path: 'module',
              message: `The module '${module.name}' gives no ${kind}: choose a ${giving.join(' or ')} module`,
            }),
    });
  }
  const priorities = Array.isArray(data.priorities) ? (data.priorities as { environmentId?: unknown }[]) : [];
  if (priorities.length) {
    const environments = new Set(
      (
        await q.query<{ id: string }>(
          'SELECT id::text AS id FROM environments WHERE project_id = $1 AND deletion_requested_at IS NULL',
          [projectId],
        )
      ).map((e) => e.id),
    );
    const seen = new Set<string>();
    priorities.forEach((p, index) => {
      const id = String(p.environmentId ?? '');
      const path = `priorities.${index}.environmentId`;
      if (!environments.has(id))
        errors.push({ ...fieldProblem(path, 'domainEnvironmentChoose'), keyword: 'projectEnvironment' });
      else if (seen.has(id))
        errors.push({ ...fieldProblem(path, 'domainEnvironmentTwice'), keyword: 'environmentTwice' });
      seen.add(id);
    });
  }
  return errors;
};

/** The rules that use a domain module. */
const rulesUsing = async (q: Queryable, projectId: string, moduleId: string) =>
  q.query<{ name: string; kind: string }>(
    `SELECT data->>'name' AS name, COALESCE(data->>'kind', 'categories') AS kind FROM resource_documents
     WHERE resource = '${RULE_RESOURCE}' AND scope_id = $1 AND data->>'module' = $2`,
    [projectId, moduleId],
  );

/** A domain module may change its pipeline module only if the rules that use it still get their kind. */
const domainModuleRule: SaveRule = async (q, projectId, data, id) => {
  if (!id) return [];
  const type = String(data.module ?? '') as DomainModuleType;
  const stranded = (await rulesUsing(q, projectId, id)).filter(
    (r) => !(KINDS_OF_MODULE[type] as readonly string[] | undefined)?.includes(r.kind),
  );
  return stranded.length
    ? [
        {
          ...fieldProblem('module', 'domainModuleNeededByRules', {
            rules: stranded.map((r) => `'${r.name}'`).join(', '),
            kind: stranded[0].kind,
          }),
          keyword: 'neededByRules',
        },
      ]
    : [];
};

/** A domain module that a rule uses is kept: deleting it would leave the rule scoring nothing. */
const moduleInUse: DeleteGuard = async (q, projectId, id) => {
  const rules = await rulesUsing(q, projectId, id);
  if (rules.length)
    throw new ClientError(
      409,
      'DOMAIN_MODULE_IN_USE',
      'Domain rules use this module: change or delete them first',
      { params: { rules: rules.length } },
    );
};

/** The testing centre's rules of its resources (server/resources/rules.ts), by schema `$id`. */
export const testingRules: ResourceRulesMap = {
  [MODULE_RESOURCE]: { check: domainModuleRule, beforeDelete: moduleInUse },
  [RULE_RESOURCE]: { check: domainRuleRule },
};

/**
 * The domain rules that apply to an environment's tests, in the order they are tried: priority
 * (lower first), then name. What a test stores at launch (tests.domain_rules).
 */
export const domainRulesFor = async (q: Queryable, environmentId: string): Promise<DomainRuleApplied[]> => {
  const rows = await q.query<DomainRuleApplied>(
    `SELECT r.data->>'name' AS name, COALESCE(r.data->>'kind', 'categories') AS kind,
            r.data->>'classification' AS classification, COALESCE(r.data->>'inputType', 'all') AS "inputType",
            m.data->>'name' AS module, m.data->>'module' AS "moduleType", (p->>'priority')::int AS priority
     FROM environments e
     JOIN resource_documents r ON r.resource = '${RULE_RESOURCE}' AND r.scope_id = e.project_id
     JOIN resource_documents m ON m.resource = '${MODULE_RESOURCE}' AND m.scope_id = e.project_id
                              AND m.id::text = r.data->>'module'
     CROSS JOIN LATERAL jsonb_array_elements(COALESCE(r.data->'priorities', '[]')) p
     WHERE e.id = $1 AND p->>'environmentId' = $1::text`,
    [environmentId],
  );
  return rows.sort((a, b) => a.priority - b.priority || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
};

/**
 * The policy of a run's rules; null when it has none (every module's output counts). A message
 * whose analysis failed has no known input kind: any rule of the classification covers it.
 */
export const domainPolicy = (rules: readonly DomainRuleApplied[] | null): DomainCoverage | null => {
  if (!rules?.length) return null;
  const byLabel = new Map<string, DomainRuleApplied[]>();
  for (const rule of rules) {
    const key = `${rule.kind}\u0000${rule.classification}`;
    const list = byLabel.get(key);
    if (list) list.push(rule);
    else byLabel.set(key, [rule]);
  }
  return (kind, classification, input) =>
    byLabel
      .get(`${kind}\u0000${classification}`)
      ?.find((r) => input === null || r.inputType === 'all' || r.inputType === input);
};

/** Whether two snapshots hold the same rules in the same order (a JSONB copy orders its keys its own way). */
export const sameDomainRules = (a: readonly DomainRuleApplied[], b: readonly DomainRuleApplied[]) => {
  const key = (r: DomainRuleApplied) =>
    [r.name, r.kind, r.classification, r.inputType, r.module, r.moduleType, r.priority].join('\u0000');
  return a.length === b.length && a.every((r, i) => key(r) === key(b[i]));
};
