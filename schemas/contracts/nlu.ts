import { z } from 'zod';
import type { ExtractedDatum, NluInteraction } from '../analysis-result';
import { defineCall } from './define';
import { warningsFields } from './warnings';

/**
 * The NLU calls beyond the generic CRUD of its entities (spec pipeline §2–5): the NLU test page,
 * starting and stopping servers, the rules flagged by disabled interactions, the AI variations
 * helper of the archetype editor.
 */
const envParams = z.object({ envId: z.string() });
const serverParams = z.object({ envId: z.string(), id: z.string() });

/** The longest text the test page reads. */
export const NLU_TEST_MAX_CHARS = 100_000;

export const archetypeMatch = z.object({
  archetype: z.string(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
  via: z.string(),
  approximate: z.boolean(),
});
export type ArchetypeMatch = z.infer<typeof archetypeMatch>;

export const nluTestAnswer = z.object({
  language: z.string().nullable(),
  servers: z.array(
    z.object({
      name: z.string(),
      /** True when the test started the server (it was stopped): "the AI is starting up". */
      startedNow: z.boolean(),
      archetypes: z.array(archetypeMatch),
      interactions: z.array(z.custom<NluInteraction>((v) => typeof v === 'object' && v !== null)),
      ...warningsFields,
    }),
  ),
});
export type NluTestAnswer = z.infer<typeof nluTestAnswer>;

/** Spec pipeline §5: an NLU test needs at least one server. 400 NLU_CONFIGURATION when a server cannot compile. */
export const testNlu = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/nlu-test',
  params: envParams,
  body: z.object({
    text: z.string().min(1, 'Type a text to analyse').max(NLU_TEST_MAX_CHARS),
    /** At least one; the server says so in the spec's words (400 NLU_TEST_NEEDS_SERVER). */
    servers: z.array(z.string()),
    language: z.string().optional(),
  }),
  response: nluTestAnswer,
});

export const serverStateAnswer = z.object({
  id: z.string(),
  state: z.enum(['stopped', 'started']),
  /** How long starting took (compiling the contexts), when it started now. */
  compileMs: z.number().optional(),
});

/** Compiles the server's contexts; 400 NLU_CONFIGURATION lists what keeps them from compiling. */
export const startServer = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/servers/{id}/start',
  params: serverParams,
  response: serverStateAnswer,
});

export const stopServer = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/servers/{id}/stop',
  params: serverParams,
  response: serverStateAnswer,
});

export const flaggedRule = z.object({
  category: z.string(),
  kind: z.string(),
  rule: z.string(),
  reason: z.string(),
});
export type FlaggedRuleAnswer = z.infer<typeof flaggedRule>;

/** Rules that can never match (spec §4: flagged when they contain a disabled interaction), and the categorisation's compatibility problems. */
export const getFlaggedRules = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/flagged-rules',
  params: envParams,
  response: z.object({
    flagged: z.array(flaggedRule),
    /** Categorisation compatibility problems (spec §5: one server, v5, response format V5). */
    compatibility: z.array(z.string()),
  }),
});

/** The "AI variations" helper: forms of a term to accept or reject (plural, feminine, accents, typos). */
export const archetypeVariations = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/archetype-variations',
  params: envParams,
  body: z.object({ term: z.string().min(1).max(200), language: z.enum(['fr', 'gb']).optional() }),
  response: z.object({ variations: z.array(z.object({ value: z.string(), kind: z.string() })) }),
});

/** The built-in archetypes, read-only (DESIGN.md §6): what each recognises, with examples. */
export const listBuiltinArchetypes = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/builtin-archetypes',
  params: envParams,
  response: z.array(z.object({ name: z.string(), description: z.string(), examples: z.array(z.string()) })),
});

/**
 * Renames a category and what refers to it (other categories' rules, the default category). The
 * name cannot be empty and must change (spec pipeline §5); 409 CATEGORY_EXISTS when it is taken.
 */
export const renameCategory = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/categories/{id}/rename',
  params: serverParams,
  body: z.object({ name: z.string().max(100) }),
  response: z.object({ name: z.string(), references: z.number() }),
});

/** The advanced categorisation's test: a text categorised by the rules, then by a template. */
export const testCategorisation = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/categorisation-test',
  params: envParams,
  body: z.object({
    template: z.string().max(100_000),
    subject: z.string().max(1000).optional(),
    text: z.string().min(1).max(NLU_TEST_MAX_CHARS),
  }),
  response: z.object({
    /** What the rules gave, which the template reads as `categories`. */
    ruleCategories: z.array(z.string()),
    /** What the template wrote (the default category, or NO_CATEGORY, when it wrote none). */
    categories: z.array(z.string()),
    ...warningsFields,
  }),
});

/** The information extraction test tab: a text read by the environment's NLU and extraction fields. */
export const testExtraction = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/extraction-test',
  params: envParams,
  body: z.object({ text: z.string().min(1).max(NLU_TEST_MAX_CHARS) }),
  response: z.object({
    language: z.string().nullable(),
    extractedData: z.array(z.custom<ExtractedDatum>((v) => typeof v === 'object' && v !== null)),
    /** What the NLU and extraction steps said (a field whose archetype no server loads, …). */
    ...warningsFields,
  }),
});

/**
 * A server's token (spec pipeline §3 "token"; docs/decisions/nlu-server-token.md): a secret that
 * lets a client read texts with this one server, and nothing else, through `POST /v4/nlu/read`.
 * Shown once, when made; stored as a hash. Configurators only.
 */
export const serverTokenState = z.object({
  token: z
    .object({ prefix: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
    .nullable(),
});
export type ServerTokenState = z.infer<typeof serverTokenState>;

export const getServerToken = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/servers/{id}/token',
  params: serverParams,
  response: serverTokenState,
});

/** Makes the server's token, replacing the one it had (which stops working at once). */
export const createServerToken = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/servers/{id}/token',
  params: serverParams,
  response: z.object({ secret: z.string(), prefix: z.string(), createdAt: z.string() }),
});

export const revokeServerToken = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/environments/{envId}/servers/{id}/token',
  params: serverParams,
  response: serverTokenState,
});

/** A text read by the server a token opens: `Authorization: Bearer nlus_…`. */
export const readWithServer = defineCall({
  method: 'POST',
  path: '/v4/nlu/read',
  body: z.object({
    text: z.string().min(1, 'Give a text to read').max(NLU_TEST_MAX_CHARS),
    language: z.string().optional(),
  }),
  response: z.object({
    server: z.string(),
    language: z.string().nullable(),
    archetypes: z.array(archetypeMatch),
    interactions: z.array(z.custom<NluInteraction>((v) => typeof v === 'object' && v !== null)),
    ...warningsFields,
  }),
});
