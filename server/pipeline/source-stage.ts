import type { Stage } from './stage';

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The first step: what came in. Nothing is refused here; the extractor judges the content. */
export const sourceStage: Stage = {
  step: 'source',
  skipReason: () => null,
  run: async ({ input }) => {
    if (input.kind === 'text') return { summary: `Text of ${input.text.length} characters` };
    if (input.bytes.length === 0) return { summary: `File ${input.filename} (empty)` };
    return { summary: `File ${input.filename} (${kib(input.bytes.length)})` };
  },
};
