/** Labels of the reply templates (spec pipeline §3), French. */
export const replyResourcesFr = {
  'reply-templates': {
    name: 'Modèle de réponse |||| Modèles de réponse',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      isDefault: 'Modèle par défaut',
      llm: 'Modèle LLM',
      description: 'Description',
      body: 'Modèle (Twig)',
      createdAt: 'Créé le',
      updatedAt: 'Modifié le',
    },
    errors: {
      name: {
        minLength: 'Le nom du modèle ne peut pas être vide',
        pattern: 'Le nom du modèle ne peut pas être vide',
        unique: 'Un modèle de ce nom existe déjà',
      },
    },
  },
} as const;
