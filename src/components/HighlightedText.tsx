import Box from '@mui/material/Box';

export interface Highlight {
  start: number;
  end: number;
  /** What matched there, shown on hover and read by screen readers. */
  label: string;
  /** 'interaction' spans are drawn stronger than archetype matches. */
  kind?: 'archetype' | 'interaction';
}

/**
 * A text with spans marked (`<mark>`): the words the engine matched. Overlapping spans are cut at
 * every boundary, so each piece is marked once, with every label that covers it.
 */
export const HighlightedText = ({ text, highlights }: { text: string; highlights: Highlight[] }) => {
  const cuts = [...new Set([0, text.length, ...highlights.flatMap((h) => [h.start, h.end])])]
    .filter((c) => c >= 0 && c <= text.length)
    .sort((a, b) => a - b);
  const pieces = cuts.slice(0, -1).map((start, i) => {
    const end = cuts[i + 1];
    const covering = highlights.filter((h) => h.start <= start && h.end >= end);
    return { start, end, covering };
  });
  return (
    <Box
      component="pre"
      sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', m: 0 }}
    >
      {pieces.map(({ start, end, covering }) =>
        covering.length === 0 ? (
          text.slice(start, end)
        ) : (
          <Box
            component="mark"
            key={start}
            title={covering.map((h) => h.label).join(' · ')}
            data-kind={covering.some((h) => h.kind === 'interaction') ? 'interaction' : 'archetype'}
            sx={{
              bgcolor: covering.some((h) => h.kind === 'interaction') ? 'warning.light' : 'info.light',
              color: 'text.primary',
              borderRadius: 0.5,
              px: 0.25,
            }}
          >
            {text.slice(start, end)}
          </Box>
        ),
      )}
    </Box>
  );
};
