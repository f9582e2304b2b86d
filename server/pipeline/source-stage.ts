import { traceMessage } from '../../schemas/trace-messages';
import type { Stage } from './stage';

/** The first step: what came in. Nothing is refused here; the extractor judges the content. */
export const sourceStage: Stage = {
  step: 'source',
  skipReason: () => null,
  run: async ({ input }) => {
    if (input.kind === 'text')
      return { summary: traceMessage('sourceText', { smart_count: input.characters ?? input.text.length }) };
    const { filename } = input;
    if (input.bytes.length === 0) return { summary: traceMessage('sourceFileEmpty', { filename }) };
    return { summary: traceMessage('sourceFile', { filename, size: { bytes: input.bytes.length } }) };
  },
};
