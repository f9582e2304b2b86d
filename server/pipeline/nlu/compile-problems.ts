// What keeps an NLU configuration from compiling: its problems, named for the user in English and
// by code, the error that lists them, and the checks of one interaction.
import type { InteractionDef } from './model';
import { DETAIL_MESSAGES_EN, fillTemplate, type NestedDetail } from '../../../schemas/detail-messages';
import { distanceInName, MAX_DISTANCE } from './distance';

/**
 * A problem that keeps a configuration from compiling, named for the user: in English (`message`)
 * and by code (`code`, `params`; schemas/detail-messages.ts `nlu*`), which the console says.
 */
export interface ConfigurationProblem extends NestedDetail {
  entity: 'archetype' | 'interaction' | 'interactionFunction' | 'context' | 'server';
  name: string;
  message: string;
}

/** A problem of one entity, its English filled from its code. */
export const problemOf = (
  entity: ConfigurationProblem['entity'],
  name: string,
  detail: NestedDetail,
): ConfigurationProblem => ({
  entity,
  name,
  ...detail,
  message: fillTemplate(DETAIL_MESSAGES_EN[detail.code], detail.params),
});

/** A problem of the archetype `archetype`, said as "Archetype '…': <reason>". */
export const archetypeProblem = (archetype: string, reason: NestedDetail) =>
  problemOf('archetype', archetype, { code: 'nluArchetype', params: { archetype, reason } });

/** The problems of a configuration that does not compile, every one at once. */
export class NluCompileError extends Error {
  constructor(readonly problems: ConfigurationProblem[]) {
    super(problems.map((p) => `${p.message}`).join('; '));
    this.name = 'NluCompileError';
  }
}

/** A problem of the interaction `interaction`, said as "Interaction '…': <reason>". */
export const interactionProblem = (interaction: string, reason: NestedDetail) =>
  problemOf('interaction', interaction, { code: 'nluInteraction', params: { interaction, reason } });

/** The problems of one interaction of its own: its distance, its parameters and their archetypes. */
export const interactionProblems = (
  i: InteractionDef,
  index: Map<string, number>,
): ConfigurationProblem[] => {
  const problems: NestedDetail[] = [];
  if (!Number.isInteger(i.distance) || i.distance < -1)
    problems.push({ code: 'nluDistanceInvalid', params: { distance: String(i.distance) } });
  if (distanceInName(i.name) === null)
    problems.push({ code: 'nluDistanceInName', params: { max: MAX_DISTANCE } });
  if (i.parameters.length === 0) problems.push({ code: 'nluNoParameter' });
  if (i.parameters.length > 0 && i.parameters.every((p) => p.optional))
    problems.push({ code: 'nluAllOptional' });
  for (const p of i.parameters) {
    if (!p.name?.trim()) problems.push({ code: 'nluParameterNoName', params: { position: p.position } });
    if (!p.archetype?.trim()) problems.push({ code: 'nluParameterNoArchetype', params: { name: p.name } });
    else if (!index.has(p.archetype))
      problems.push({
        code: 'nluParameterArchetypeUnknown',
        params: { name: p.name, archetype: p.archetype },
      });
  }
  return problems.map((reason) => interactionProblem(i.name, reason));
};
