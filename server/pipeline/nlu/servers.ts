import { compileNlu, type CompiledNlu } from './compile';
import type { NluDefinitions } from './model';

/** An NLU server as the pipeline configuration carries it. */
export interface ServerConfig {
  id: string;
  /** Changes whenever anything the server compiles changes (its entities' latest update time). */
  version: string;
  state: 'stopped' | 'started';
  definitions: NluDefinitions;
}

/**
 * Compiled servers of this process, by id: "starting" a server compiles its configuration once;
 * it is compiled again only when its version changes. A process keeps at most `LIMIT` servers.
 */
const LIMIT = 64;
const compiled = new Map<string, { version: string; nlu: CompiledNlu }>();

export const loadServer = (
  server: ServerConfig,
): { compiled: CompiledNlu; compiledNow: boolean; compileMs: number } => {
  const cached = compiled.get(server.id);
  if (cached && cached.version === server.version) {
    compiled.delete(server.id);
    compiled.set(server.id, cached);
    return { compiled: cached.nlu, compiledNow: false, compileMs: 0 };
  }
  const started = performance.now();
  const nlu = compileNlu(server.definitions);
  compiled.set(server.id, { version: server.version, nlu });
  if (compiled.size > LIMIT) compiled.delete(compiled.keys().next().value!);
  return { compiled: nlu, compiledNow: true, compileMs: Math.round(performance.now() - started) };
};

/** Forgets a stopped server's compiled configuration. */
export const unloadServer = (id: string) => compiled.delete(id);
