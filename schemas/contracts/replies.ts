import { z } from 'zod';
import { defineCall } from './define';
import { traceMessageOrNull } from './warnings';

/**
 * The reply templates' calls beyond their generic CRUD (spec pipeline §2): the tests tab, which
 * drafts the reply of a text with one template, and the errors tab, the last template errors of
 * analyses.
 */
const envParams = z.object({ envId: z.string() });

/** The longest text the tests tab reads. */
export const REPLY_TEST_MAX_CHARS = 100_000;

export const testReply = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/reply-test',
  params: envParams,
  body: z.object({
    /** The template to render, default or not. */
    template: z.string().min(1),
    subject: z.string().max(1000).optional(),
    text: z.string().min(1).max(REPLY_TEST_MAX_CHARS),
  }),
  response: z.object({
    text: z.string(),
    /** What an LLM template rendered and sent to the LLM. */
    prompt: z.string().optional(),
    categories: z.array(z.string()),
  }),
});

/** The most reply errors the errors tab shows (DESIGN.md §6: the last 50 are kept). */
export const REPLY_ERRORS_KEPT = 50;

export const listReplyErrors = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/reply-errors',
  params: envParams,
  response: z.array(
    z.object({
      analysisId: z.string(),
      analysisName: z.string(),
      at: z.string(),
      /** The step's error in English, the API's language. */
      message: z.string(),
      /**
       * The same by code (schemas/trace-messages.ts), for the console to say in the user's
       * language: a template that failed, an LLM endpoint's failure; null: English words only.
       */
      trace: traceMessageOrNull.optional(),
    }),
  ),
});
