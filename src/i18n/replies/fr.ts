/** Messages of the reply templates page (spec pipeline §2), French. */
export const repliesFr = {
  intro:
    'Le modèle par défaut rédige la réponse de chaque analyse, avec ce que l’analyse a trouvé. Les autres modèles sont inclus par lui.',
  tabs: {
    templates: 'Modèles',
    includes: 'Inclusions',
    tests: 'Tests',
    documentation: 'Documentation',
    errors: 'Erreurs',
  },
  includes: {
    template: 'Modèle',
    includes: 'Inclut',
    includedBy: 'Inclus par',
    none: 'Aucun',
    empty: 'Aucun modèle pour l’instant.',
  },
  test: {
    template: 'Modèle à tester',
    subject: 'Objet (facultatif)',
    text: 'Texte du message',
    run: 'Rédiger la réponse',
    reply: 'Réponse rédigée',
    prompt: 'Invite envoyée au LLM',
    categories: 'Catégories de l’analyse : %{categories}',
    noTemplate: 'Créez d’abord un modèle dans l’onglet Modèles.',
  },
  result: {
    tab: 'Réponse',
    template: 'Rédigée avec le modèle « %{name} ».',
    none: 'Pas de réponse rédigée.',
  },
  errors: {
    empty: 'Aucune erreur de modèle dans les analyses de cet environnement.',
    analysis: 'Analyse',
    at: 'Date',
    message: 'Erreur',
    kept: 'Les %{count} dernières erreurs sont conservées.',
  },
} as const;
