import type { Messages } from '../fr';
import type { repliesFr } from './fr';

/** Messages of the reply templates page (spec pipeline §2), English. */
export const repliesEn: Messages<typeof repliesFr> = {
  intro:
    'The default template drafts the reply of every analysis, with what the analysis found. The other templates are included by it.',
  tabs: {
    templates: 'Templates',
    includes: 'Includes',
    tests: 'Tests',
    documentation: 'Documentation',
    errors: 'Errors',
  },
  includes: {
    template: 'Template',
    includes: 'Includes',
    includedBy: 'Included by',
    none: 'None',
    empty: 'No template yet.',
  },
  test: {
    template: 'Template to test',
    subject: 'Subject (optional)',
    text: 'Message text',
    run: 'Draft the reply',
    reply: 'Drafted reply',
    prompt: 'Prompt sent to the LLM',
    categories: 'Categories of the analysis: %{categories}',
    noTemplate: 'Create a template first, in the Templates tab.',
  },
  result: {
    tab: 'Reply',
    template: 'Drafted with the template “%{name}”.',
    none: 'No reply drafted.',
  },
  errors: {
    empty: 'No template error in the analyses of this environment.',
    analysis: 'Analysis',
    at: 'Date',
    message: 'Error',
    kept: 'The last %{count} errors are kept.',
  },
};
