// An interaction's distance (spec pipeline §5): the field from NLU 4.12, the interaction's name
// before, and the bound both respect.
import type { InteractionDef } from './model';

/** NLU 4.12 and above (and v5) read an interaction's distance field (spec pipeline §5). */
export const supportsDistance = (version: string) => version === 'v5' || version === 'v4.12';

/** The largest distance, as the interaction schema bounds the field. */
export const MAX_DISTANCE = 10_000;
const DISTANCE_IN_NAME = /\[\s*distance\s*=\s*([^\]]*)\]\s*$/i;

/**
 * The distance an interaction's name sets, for servers older than NLU 4.12, which cannot read the
 * field (spec pipeline §5: "otherwise it can be set only through the interaction name"): a name
 * ending in `[distance=N]` (N a number of tokens, or -1 for no limit). Undefined when the name
 * sets none, null when it sets one that is not a distance.
 *
 * @example
 *   distanceInName('claim declaration [distance=-1]'); // -1
 *   distanceInName('claim declaration'); // undefined
 */
export const distanceInName = (name: string): number | null | undefined => {
  const found = DISTANCE_IN_NAME.exec(name);
  if (!found) return undefined;
  const value = found[1].trim();
  if (!/^-?\d{1,6}$/.test(value)) return null;
  const distance = Number(value);
  return distance >= -1 && distance <= MAX_DISTANCE ? distance : null;
};

/** The distance the engine uses: the field from NLU 4.12, the name's before (no limit without one). */
export const distanceOf = (def: InteractionDef, aiVersion: string) =>
  supportsDistance(aiVersion) ? def.distance : (distanceInName(def.name) ?? -1);
