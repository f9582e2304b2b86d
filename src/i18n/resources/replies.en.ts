import type { Messages } from '../fr';
import type { replyResourcesFr } from './replies.fr';

/** Labels of the reply templates (spec pipeline §3), English. */
export const replyResourcesEn: Messages<typeof replyResourcesFr> = {
  'reply-templates': {
    name: 'Reply template |||| Reply templates',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      isDefault: 'Default template',
      llm: 'LLM template',
      description: 'Description',
      body: 'Template (Twig)',
      createdAt: 'Created on',
      updatedAt: 'Updated on',
    },
    errors: {
      name: {
        minLength: 'Template name cannot be empty',
        pattern: 'Template name cannot be empty',
        unique: 'A template of this name already exists',
      },
    },
  },
};
