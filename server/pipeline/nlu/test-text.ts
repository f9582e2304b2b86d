import type { NluTestAnswer } from '../../../schemas/contracts/nlu';
import { inEnglish } from '../../../schemas/trace-messages';
import { analyseText } from './analyse';
import { onePerWord } from './archetype-matches';
import { NluCompileError, type ConfigurationProblem } from './compile-problems';
import { detectLanguage } from './language';
import { loadServer, type ServerConfig } from './servers';
import { matchedValue, nluInteraction } from './stage';

/** Why a server cannot start: its configuration's problems, for the user to fix. */
export interface CompileRefusal {
  refused: { server: string; message: string; problems: ConfigurationProblem[] };
}

const refusal = (server: ServerConfig, error: unknown): CompileRefusal => {
  if (!(error instanceof NluCompileError)) throw error;
  return {
    refused: { server: server.definitions.server.name, message: error.message, problems: error.problems },
  };
};

/**
 * Starts (compiles) a server in the thread that runs it; answers how long that took. Run in a
 * pipeline thread (server/pipeline-threads/): a large configuration compiles for a while.
 */
export const compileServer = (server: ServerConfig): { compileMs: number } | CompileRefusal => {
  try {
    return { compileMs: loadServer(server).compileMs };
  } catch (error) {
    return refusal(server, error);
  }
};

/**
 * The NLU test page's reading of a text by each server (spec pipeline §5): every archetype match and
 * interaction, in the detected language unless one is given. Run in a pipeline thread: the text
 * may be long.
 */
export const testText = (
  servers: { server: ServerConfig; startedNow: boolean }[],
  text: string,
  requested: string | undefined,
  fallback: string | null,
): { language: string | null; servers: NluTestAnswer['servers'] } | CompileRefusal => {
  const language = requested || detectLanguage(text) || fallback;
  const answers: NluTestAnswer['servers'] = [];
  for (const { server, startedNow } of servers) {
    let compiled;
    try {
      compiled = loadServer(server).compiled;
    } catch (error) {
      return refusal(server, error);
    }
    const analysis = analyseText(compiled, text, { language, allArchetypes: true });
    const archetypes = compiled.archetypes.flatMap((_a, k) =>
      onePerWord(analysis.own[k] ?? []).map((h) => {
        const { value, ...match } = matchedValue(compiled, text, h);
        return { ...match, text: value };
      }),
    );
    answers.push({
      name: server.definitions.server.name,
      startedNow,
      archetypes: archetypes.sort((a, b) => a.start - b.start),
      interactions: analysis.occurrences.map((o) => nluInteraction(compiled, o, text, 'message', null)),
      warnings: analysis.warnings.map(inEnglish),
      warningMessages: analysis.warnings,
    });
  }
  return { language, servers: answers };
};
