import { codedProblem, fieldProblem } from '../../schemas/detail-messages';
import type { Queryable } from '../kernel/db';
import { environmentDocuments } from './documents';
import { interactionsOf, rulesUsingConsolidation } from '../pipeline/categorisation/criteria';
import { consolidationRunsFirst } from '../../schemas/modules';
import type { CategoryDef, Criterion } from '../pipeline/categorisation/model';
import { inputTypeProblems } from '../pipeline/categorisation/input-types';
import { readModules } from './modules';
import { BUILTIN_ARCHETYPES, isBuiltinArchetype } from '../pipeline/nlu/builtins';
import { FUNCTIONS } from '../pipeline/nlu/functions';
import type {
  ArchetypeExpression,
  InteractionFunctionDef,
  InteractionParameterDef,
} from '../pipeline/nlu/model';
import { distanceInName, supportsDistance } from '../pipeline/nlu/distance';
import { regexRefusal } from '../pipeline/nlu/regex-safety';
import { tokenise } from '../pipeline/nlu/text';
import { replyTemplateRule } from './reply-template-rules';
import type { SaveRule } from '../resources/rules';
import type { FieldError } from '../resources/validation';

/**
 * The checks a configuration entity's schema cannot say (spec pipeline §5), run by the server on
 * every create and update, each problem on its field: references to entities that do not exist,
 * cycles of sub-archetypes, unsafe regular expressions. The same rules hold when the engine
 * compiles (server/pipeline/nlu/compile.ts), for configurations imported whole.
 */
const namesOf = async (q: Queryable, environmentId: string, resource: string) =>
  new Set((await environmentDocuments(q, environmentId, resource)).map((d) => d.data.name as string));

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const archetypeRule: SaveRule = async (q, environmentId, data, id) => {
  const errors: FieldError[] = [];
  const name = String(data.name ?? '');
  if (isBuiltinArchetype(name)) errors.push(fieldProblem('name', 'builtinArchetypeName', { name }));
  ((data.expressions ?? []) as ArchetypeExpression[]).forEach((e, i) => {
    if (e.type === 'regex') {
      const refusal = regexRefusal(e.value, e.flags ?? '');
      if (refusal) errors.push(codedProblem(`expressions.${i}.value`, refusal));
    } else if (tokenise(e.value).norm.length === 0)
      errors.push(fieldProblem(`expressions.${i}.value`, 'termWithoutLetter'));
  });
  const others = (await environmentDocuments(q, environmentId, 'archetype')).filter((d) => d.id !== id);
  const subsOf = new Map(others.map((d) => [d.data.name as string, strings(d.data.subArchetypes)]));
  subsOf.set(name, strings(data.subArchetypes));
  strings(data.subArchetypes).forEach((sub, i) => {
    if (!subsOf.has(sub) && !isBuiltinArchetype(sub))
      errors.push(fieldProblem(`subArchetypes.${i}`, 'subArchetypeUnknown', { name: sub }));
  });
  // A cycle through this archetype: it reaches itself through its sub-archetypes.
  const seen = new Set<string>();
  const stack = [...strings(data.subArchetypes)];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === name) {
      errors.push(fieldProblem('subArchetypes', 'subArchetypeCycle', { name }));
      break;
    }
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(subsOf.get(next) ?? []));
  }
  return errors;
};

const interactionRule: SaveRule = async (q, environmentId, data) => {
  const errors: FieldError[] = [];
  const archetypes = await namesOf(q, environmentId, 'archetype');
  const params = (data.parameters ?? []) as InteractionParameterDef[];
  const positions = new Set<number>();
  const names = new Set<string>();
  params.forEach((p, i) => {
    if (!archetypes.has(p.archetype) && !isBuiltinArchetype(p.archetype))
      errors.push(fieldProblem(`parameters.${i}.archetype`, 'archetypeUnknown', { name: p.archetype }));
    if (positions.has(p.position))
      errors.push(
        fieldProblem(`parameters.${i}.position`, 'parameterPositionTwice', { position: p.position }),
      );
    if (names.has(p.name))
      errors.push(fieldProblem(`parameters.${i}.name`, 'parameterNameTwice', { name: p.name }));
    positions.add(p.position);
    names.add(p.name);
  });
  if (params.length === 0) errors.push(fieldProblem('parameters', 'parametersNone'));
  if (params.length > 0 && params.every((p) => p.optional))
    errors.push(fieldProblem('parameters', 'parametersAllOptional'));
  const contexts = await namesOf(q, environmentId, 'nlu-context');
  strings(data.contexts).forEach((c, i) => {
    if (!contexts.has(c)) errors.push(fieldProblem(`contexts.${i}`, 'contextUnknown', { name: c }));
  });
  const functions = await namesOf(q, environmentId, 'interaction-function');
  strings(data.functions).forEach((f, i) => {
    if (!functions.has(f)) errors.push(fieldProblem(`functions.${i}`, 'functionUnknown', { name: f }));
  });
  if (distanceInName(String(data.name ?? '')) === null) errors.push(fieldProblem('name', 'distanceInName'));
  const distance = data.distance ?? -1;
  if (distance !== -1) {
    const servers = await environmentDocuments(q, environmentId, 'nlu-server');
    const old = servers.find(
      (s) =>
        strings(s.data.contexts).some((c) => strings(data.contexts).includes(c)) &&
        !supportsDistance(String(s.data.aiVersion ?? 'v4')),
    );
    if (old)
      errors.push(
        fieldProblem('distance', 'distanceNeedsVersion', {
          server: String(old.data.name),
          version: String(old.data.aiVersion ?? 'v4'),
          distance: String(distance),
        }),
      );
  }
  return errors;
};

const functionRule: SaveRule = async (q, environmentId, data) => {
  const def = data as unknown as InteractionFunctionDef;
  const entry = FUNCTIONS[def.functionName];
  if (!entry) return [];
  const interactions = await namesOf(q, environmentId, 'interaction');
  return entry.uses.flatMap((field): FieldError[] => {
    const value = def[field];
    if (typeof value !== 'string' || value.trim() === '')
      return [fieldProblem(field, 'functionNeedsField', { function: def.functionName })];
    if (field.startsWith('interaction') && !interactions.has(value))
      return [fieldProblem(field, 'interactionUnknown', { name: value })];
    return [];
  });
};

/**
 * A server's contexts exist, and a server that cannot read the distance field (below NLU 4.12) does not
 * serve an interaction that sets one: moved down a version, it would read that interaction without
 * its distance (pipeline spec §5, 'distance needs 4.12').
 */
const serverRule: SaveRule = async (q, environmentId, data) => {
  const contexts = await namesOf(q, environmentId, 'nlu-context');
  const errors = strings(data.contexts).flatMap((c, i) =>
    contexts.has(c) ? [] : [fieldProblem(`contexts.${i}`, 'contextUnknown', { name: c })],
  );
  const version = String(data.aiVersion ?? 'v4');
  if (!supportsDistance(version)) {
    const served = strings(data.contexts);
    const interactions = await environmentDocuments(q, environmentId, 'interaction');
    const distant = interactions.find(
      (i) => (i.data.distance ?? -1) !== -1 && strings(i.data.contexts).some((c) => served.includes(c)),
    );
    if (distant)
      errors.push(
        fieldProblem('aiVersion', 'versionDropsDistance', {
          interaction: String(distant.data.name),
          version,
        }),
      );
  }
  return errors;
};

const categoryRule: SaveRule = async (q, environmentId, data) => {
  const interactions = await namesOf(q, environmentId, 'interaction');
  const errors: FieldError[] = [];
  const ruleNames = new Set<string>();
  ((data.rules ?? []) as { name: string; criteria: Criterion }[]).forEach((rule, i) => {
    if (ruleNames.has(rule.name))
      errors.push(fieldProblem(`rules.${i}.name`, 'ruleNameTwice', { name: rule.name }));
    ruleNames.add(rule.name);
    for (const name of interactionsOf(rule.criteria))
      if (!interactions.has(name))
        errors.push(fieldProblem(`rules.${i}.criteria`, 'interactionUnknown', { name }));
  });
  const modules = await readModules(q, environmentId);
  if (!consolidationRunsFirst(modules))
    for (const i of rulesUsingConsolidation(data.rules))
      errors.push(
        fieldProblem(`rules.${i}.criteria`, 'criterionConsolidationFirst', {
          rule: String((data.rules as { name: string }[])[i].name),
        }),
      );
  const module = modules.find((m) => m.type === 'categorization');
  const category = { name: String(data.name ?? ''), kind: data.kind, rules: data.rules ?? [] } as CategoryDef;
  for (const { category: _category, ...problem } of inputTypeProblems(module?.inputType, [category]))
    errors.push(problem);
  return errors;
};

const extractionFieldRule: SaveRule = async (q, environmentId, data) => {
  const need = (field: string, message: string): FieldError[] =>
    typeof data[field] === 'string' && (data[field] as string).trim() ? [] : [{ path: field, message }];
  switch (data.source) {
    case 'parameter':
      return [
        ...need('interaction', 'Name the interaction whose parameter gives the value'),
        ...need('parameter', 'Name the parameter that gives the value'),
      ];
    case 'regex': {
      const missing = need('pattern', 'Write the regular expression');
      if (missing.length) return missing;
      const refusal = regexRefusal(String(data.pattern), String(data.flags ?? ''));
      return refusal ? [codedProblem('pattern', refusal)] : [];
    }
    case 'builtin':
      return isBuiltinArchetype(String(data.archetype ?? ''))
        ? []
        : [
            {
              path: 'archetype',
              message: `Choose a built-in archetype: ${BUILTIN_ARCHETYPES.map((b) => b.name).join(', ')}`,
            },
          ];
    default: {
      const missing = need('archetype', 'Name the archetype whose matches give the value');
      if (missing.length) return missing;
      const archetypes = await namesOf(q, environmentId, 'archetype');
      return archetypes.has(String(data.archetype))
        ? []
        : [{ path: 'archetype', message: `The archetype '${data.archetype}' does not exist` }];
    }
  }
};

/** The rules of the configuration entities, by schema `$id`. */
export const documentRules: Record<string, SaveRule> = {
  archetype: archetypeRule,
  interaction: interactionRule,
  'interaction-function': functionRule,
  'nlu-server': serverRule,
  category: categoryRule,
  'extraction-field': extractionFieldRule,
  'reply-template': replyTemplateRule,
};
