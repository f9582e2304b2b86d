import type { Messages } from '../fr';
import type { nluFr } from './fr';

/** Messages of the configuration area, the NLU test page and the NLU parts of results, English. */
export const nluEn: Messages<typeof nluFr> = {
  configuration: {
    intro:
      'Describe what matters in your messages: archetypes and interactions, grouped in contexts loaded by NLU servers, then categories and their rules, and the fields to extract.',
    help: 'How the engine reads your settings',
    tree: 'Configuration elements',
    sections: {
      languages:
        'The environment’s NLU languages: texts are read in the language detected among them (or in the only one chosen, without automatic detection).',
      servers:
        'A server loads contexts and compiles their interactions when it starts; it stops after 5 minutes unused.',
      contexts: 'A context groups interactions and may fix their languages.',
      archetypes:
        'An archetype says what words mean: terms (typo-tolerant unless exact), regular expressions, sub-archetypes.',
      interactions: 'An interaction combines archetypes found together, in order or not, within a distance.',
      'interaction-functions':
        'A function refines an interaction’s occurrences (followed by, preceded by, parameter equals…).',
      categories: 'Category rules apply by ascending priority to what the engine found.',
      'advanced-categorisation':
        'A Twig template that writes the message categories, one per line, from what the analysis found and what the rules gave (docs: configuration help).',
      'extraction-fields': 'The data the extraction reports, with their source.',
    },
    servers: {
      start: 'Start',
      stop: 'Stop',
      starting: 'The AI is starting up: the server’s configuration is being compiled…',
      started: 'Server started (compiled in %{ms} ms)',
    },
    builtins: {
      title: 'Built-in archetypes',
      intro: 'Read-only; use them as sub-archetypes or as the archetypes of parameters.',
    },
    variations: {
      title: 'AI variations',
      term: 'Term',
      language: 'Language',
      propose: 'Propose variations',
      proposals: 'Proposed variations',
      hint: 'Click the variations to accept; the others are rejected.',
      archetype: 'Add to archetype',
      add: 'Add %{smart_count} term |||| Add %{smart_count} terms',
      added: '%{smart_count} term added to “%{name}” |||| %{smart_count} terms added to “%{name}”',
      kinds: {
        plural: 'plural',
        feminine: 'feminine',
        accents: 'without accents',
        misspelling: 'common misspelling',
      },
    },
    compatibility: 'Categorization compatibility',
    rename: {
      action: 'Rename “%{name}”',
      title: 'Rename the category “%{name}”',
      name: 'New name',
      empty: 'Category name cannot be empty',
      unchanged: 'Change the name before saving the rename',
      done: 'Category renamed; %{smart_count} reference followed |||| Category renamed; %{smart_count} references followed',
    },
    advanced: {
      title: 'Advanced categorisation',
      enabled: 'Categorise with the template (instead of the rules alone)',
      template: 'Template (Twig)',
      saved: 'Advanced categorisation saved',
      testText: 'Text to categorise',
      test: 'Test',
      byRules: 'By the rules: %{categories}',
      byTemplate: 'By the template: %{categories}',
    },
    languages: {
      title: 'Languages',
      saved: 'Languages saved',
      none: 'Choose at least one language',
    },
    flagged: {
      title:
        '%{smart_count} flagged rule: it never matches |||| %{smart_count} flagged rules: they never match',
      rule: 'Rule “%{rule}” of category “%{category}”: %{reason}',
    },
  },
  extraction: { tabs: { interface: 'Interface', tests: 'Tests', documentation: 'Documentation' } },
  wizard: {
    open: 'Advanced creation',
    title: 'Advanced creation',
    steps: {
      archetype: 'Archetype',
      interaction: 'Interaction',
      functions: 'Functions',
      category: 'Category',
    },
    terms: 'Terms (one per line)',
    alreadyExists: 'already exists',
    useExisting: 'Use the existing one',
    needTerm: 'Give at least one term',
    needContext: 'Select at least one context',
    needRule: 'Name the rule',
    noFunctions: 'No interaction function in this environment: this step is optional.',
    back: 'Back',
    next: 'Next',
    create: 'Create',
    created: 'Archetype, interaction and category created',
  },
  test: {
    intro: 'Type a text and pick at least one server: the archetypes and interactions found are highlighted.',
    text: 'Text to analyse',
    servers: 'Servers',
    run: 'Analyse',
    needServer: 'An NLU test needs at least one server',
    noServer: 'No server in this environment: create one in the configuration.',
    startingUp: 'The AI was starting up: server “%{name}” was started for this test.',
    language: 'Language: %{language}',
    archetypes: 'Archetypes found',
    interactions: 'Interactions found',
    none: 'Nothing found',
    approximate: 'within typo tolerance',
  },
  result: {
    categories: 'Categories',
    attachmentsCategories: 'Attachment categories',
    noCategories: 'No category: the categorisation did not run.',
    byRule: 'by rule “%{rule}” (priority %{priority})',
    byDefault: 'no rule matched',
    criteria: 'Criteria',
    held: 'held',
    notHeld: 'did not hold',
    interactions: 'Interactions',
    extractedData: 'Extracted data',
    noData: 'No data extracted',
    ocrFound: 'OCR data extraction: %{document}, page %{page}, after “%{anchor}”',
    highlighted: 'Words that decided',
    page: 'page %{page}',
    subject: 'Subject',
    message: 'Message',
  },
};
