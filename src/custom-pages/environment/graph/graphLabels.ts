import {
  blue,
  blueGrey,
  brown,
  cyan,
  deepOrange,
  deepPurple,
  green,
  indigo,
  purple,
  teal,
} from '@mui/material/colors';
import type { Theme } from '@mui/material/styles';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { GraphNode, GraphNodeKind } from '../../../../schemas/contracts/graph';

/**
 * Each kind's colour, a hue of its own in a shade for the theme's mode; nodes also say their kind
 * in words (the colour is never the only sign).
 */
export const kindColour = (theme: Theme, kind: GraphNodeKind): string => {
  // Dark shades on light paper, light ones on dark paper: 4.5:1 contrast or more either way.
  const shade = theme.palette.mode === 'dark' ? 300 : 800;
  return KIND_HUES[kind][shade];
};
const KIND_HUES: Record<GraphNodeKind, Record<300 | 800, string>> = {
  module: blueGrey,
  'nlu-server': indigo,
  'nlu-context': cyan,
  interaction: deepPurple,
  'interaction-function': purple,
  archetype: green,
  'builtin-archetype': teal,
  category: deepOrange,
  rule: brown,
  'extraction-field': blue,
};

/**
 * A node's name as the console says it: a module by its type's name unless the user named it, a
 * rule with its category's.
 */
export const useNodeLabel = () => {
  const translate = useTranslate();
  return useCallback(
    (node: GraphNode) =>
      node.kind === 'module' && node.module && node.name === node.module
        ? translate(`app.modules.types.${node.module}`)
        : node.kind === 'rule' && node.category
          ? `${node.category} › ${node.name}`
          : node.name,
    [translate],
  );
};
