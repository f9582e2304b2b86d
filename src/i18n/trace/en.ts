import type { TraceCode } from '../../../schemas/trace-messages';
import { TRACE_MESSAGES_EN } from '../../../schemas/trace-messages';

/** What an analysis's trace says, English: the server's own sentences (schemas/trace-messages.ts). */
export const traceEn: Record<TraceCode, string> = TRACE_MESSAGES_EN;
