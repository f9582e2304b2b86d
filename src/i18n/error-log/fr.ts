/** Messages of the environment's error log (spec pipeline §2 "error log"), French. */
export const errorLogFr = {
  intro:
    'Chaque étape en échec des analyses de cet environnement et chaque livraison de webhook dont toutes les tentatives ont échoué, de la plus récente à la plus ancienne. Le journal se met à jour toutes les 10 secondes.',
  refresh: 'Actualiser',
  empty: 'Aucune erreur pour ces filtres.',
  outsideSteps: 'Hors étape',
  deletedAnalysis: 'Analyse supprimée',
  columns: {
    at: 'Date',
    kind: 'Type',
    where: 'Étape ou webhook',
    analysis: 'Analyse',
    error: 'Erreur',
  },
  kinds: { all: 'Tout', step: 'Étape', delivery: 'Livraison' },
  filters: {
    kind: 'Type',
    step: 'Étape',
    anyStep: 'Toutes les étapes',
    category: 'Catégorie',
    anyCategory: 'Toutes les catégories',
    categoryHelp: 'Une catégorie vue dans le journal, ou un nom exact validé par Entrée',
    from: 'Du',
    to: 'Au',
  },
};
