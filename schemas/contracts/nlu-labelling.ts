import { z } from 'zod';
import { defineCall } from './define';

/**
 * The NLU labelling view (spec pipeline §5, the servers' labeling flag; docs/decisions/nlu-labelling.md):
 * the analyses a labelling server read, and a qualifier's verdict on each of their interactions.
 */
const envParams = z.object({ envId: z.string() });
const analysisParams = z.object({ envId: z.string(), id: z.string() });

/** The view lists this many of the newest analyses to label or labelled. */
export const NLU_LABELLING_LIST_MAX = 200;

export const NLU_VERDICTS = ['right', 'wrong'] as const;
export type NluVerdict = (typeof NLU_VERDICTS)[number];

export const labellingItem = z.object({
  id: z.string(),
  name: z.string().nullable(),
  createdAt: z.string(),
  labelling: z.enum(['to_label', 'labelled']),
  verdicts: z.array(z.enum(NLU_VERDICTS)).nullable(),
});
export type LabellingItem = z.infer<typeof labellingItem>;

export const labellingAnswer = z.object({
  items: z.array(labellingItem),
  /** Over every analysis of the environment a labelling server read, not only those listed. */
  totals: z.object({ analyses: z.number(), labelled: z.number(), right: z.number(), wrong: z.number() }),
});
export type LabellingAnswer = z.infer<typeof labellingAnswer>;

export const listNluLabelling = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/nlu-labelling',
  params: envParams,
  response: labellingAnswer,
});

/**
 * One verdict per interaction of the analysis, in their order. 400 NLU_VERDICTS_MISMATCH when the
 * count differs; 409 NOT_LABELLING when no labelling server read the analysis.
 */
export const labelAnalysis = defineCall({
  method: 'PUT',
  path: '/v4/console/api/environments/{envId}/analyses/{id}/nlu-labelling',
  params: analysisParams,
  body: z.object({ verdicts: z.array(z.enum(NLU_VERDICTS)).max(100_000) }),
  response: labellingItem,
});
