import type { ServerDef } from '../nlu/model';

/** The oldest NLU a categorisation reads (spec pipeline §5, §9). */
export const CATEGORISATION_MIN_AI_VERSION = 'v5';

/**
 * Spec pipeline §5, categorisation compatibility: it reads one server (at least one, at most one),
 * on AI version v5 or above, answering in the V5 response format. Each problem is a sentence for
 * the user; the categorisation still runs (rules on headers and metadata need no server).
 */
export const categorisationCompatibility = (
  servers: Pick<ServerDef, 'name' | 'aiVersion' | 'responseFormat'>[],
): string[] => {
  const problems: string[] = [];
  if (servers.length === 0)
    problems.push('Categorization needs an NLU server: at least one server is required');
  if (servers.length > 1)
    problems.push(
      `Categorization reads one NLU server: at most one server is allowed (${servers.map((s) => s.name).join(', ')})`,
    );
  for (const s of servers) {
    if (s.aiVersion !== CATEGORISATION_MIN_AI_VERSION)
      problems.push(
        `Server '${s.name}' runs AI version ${s.aiVersion}: categorization needs AI version v5 minimum`,
      );
    if (s.responseFormat !== 'V5')
      problems.push(
        `Server '${s.name}' answers in response format ${s.responseFormat}: categorization needs response format V5`,
      );
  }
  return problems;
};
