import type { NluInteraction } from '../../../../schemas/analysis-result';
import type { Highlight } from '../../../components/HighlightedText';

/** The words of each interaction's parameters, marked with the interaction and parameter names. */
export const interactionHighlights = (interactions: NluInteraction[]): Highlight[] =>
  interactions.flatMap((i) =>
    Object.entries(i.parameters).flatMap(([name, values]) =>
      values.flatMap((v) =>
        'start' in v
          ? [
              {
                start: v.start,
                end: v.end,
                label: `${i.name} · ${name}: ${v.archetype}`,
                kind: 'interaction' as const,
              },
            ]
          : [],
      ),
    ),
  );

/** "action = résilier, object = contrat". */
export const parameterSummary = (i: NluInteraction): string =>
  Object.entries(i.parameters)
    .map(([name, values]) => `${name} = ${values.map((v) => v.value).join(' | ')}`)
    .join(', ');
