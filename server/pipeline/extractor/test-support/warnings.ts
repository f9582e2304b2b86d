import { inEnglish, type TraceMessage } from '../../../../schemas/trace-messages';

/** A parser's warnings as the API says them: in English. */
export const said = (warnings: readonly TraceMessage[]): string[] => warnings.map(inEnglish);
