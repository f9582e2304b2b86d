import type { Messages } from '../fr';
import type { graphFr } from './fr';

/** Messages of the graph view (spec pipeline §2 `graph`), English; merged into `app.graph` by ../en.ts. */
export const graphEn: Messages<typeof graphFr> = {
  intro:
    'The environment’s configuration at a glance: the pipeline’s modules in order, the NLU servers, their contexts, the interactions and the archetypes they read, the categories and their rules. Search an item to see its neighbourhood; click it to open it.',
  search: 'Search an item',
  showAll: 'Show everything',
  counts: '%{nodes} items, %{edges} links',
  layingOut: 'Laying out the graph…',
  layoutFailed: 'The graph could not be laid out. Reload the page to try again.',
  minimap: 'Overview of the graph',
  kinds: {
    module: 'Module',
    'nlu-server': 'Server',
    'nlu-context': 'Context',
    interaction: 'Interaction',
    'interaction-function': 'Function',
    archetype: 'Archetype',
    'builtin-archetype': 'Built-in archetype',
    category: 'Category',
    rule: 'Rule',
    'extraction-field': 'Extracted field',
  },
  marks: {
    missing: 'missing',
    unused: 'unused',
    flagged: 'flagged',
    disabled: 'disabled',
  },
  problems: {
    title: 'Points to check',
    none: 'No missing reference, no unused archetype, no flagged rule.',
    missing: '%{kind} “%{name}”: named in the configuration, but missing',
    unused: 'Archetype “%{name}”: no interaction, archetype or extracted field uses it',
    flagged: {
      disabled: 'Rule “%{rule}” of “%{category}”: cannot match, the interaction “%{interaction}” is disabled',
      missing:
        'Rule “%{rule}” of “%{category}”: cannot match, the interaction “%{interaction}” does not exist',
    },
  },
};
