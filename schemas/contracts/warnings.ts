import { z } from 'zod';
import type { TraceMessage } from '../trace-messages';

/** A warning by code (schemas/trace-messages.ts), or null where it has English words only. */
export const traceMessageOrNull = z.custom<TraceMessage | null>(
  (v) => v === null || (typeof v === 'object' && typeof (v as { code?: unknown }).code === 'string'),
);

/**
 * A test page's warnings: in English (the API's language), and each one's code at its index for the
 * console to say in the user's language (null: English words only).
 */
export const warningsFields = {
  warnings: z.array(z.string()),
  warningMessages: z.array(traceMessageOrNull).optional(),
};
