/**
 * Messages of the testing centre's pages (message bank, imports, tests, results), French. Merged
 * into `app.testing` by ../fr.ts.
 */
export const testingFr = {
  progress: '%{done} / %{total} messages',
  import: {
    title: 'Importer des fichiers',
    choose: 'Choisir des fichiers',
    rules:
      'Extensions acceptées : %{extensions}. %{max} Mo au plus par fichier, %{count} fichiers et %{total} Mo au plus par import.',
    tags: 'Tags',
    tagsHelp: 'Séparés par des virgules ou des espaces ; donnés à chaque fichier importé.',
    files: 'Fichiers choisis',
    start: 'Importer',
    tooMany: 'Au-delà des %{max} fichiers d’un import',
    tooLargeTogether: 'Au-delà des %{max} Mo d’un import',
    fates: {
      waiting: 'À importer',
      sending: 'Import en cours…',
      success: 'Importé',
      failure: 'Échec',
      limit: 'Limite dépassée',
    },
    summary: '%{success} importé(s), %{failure} en échec, %{limit} hors limites',
  },
  addToBank: {
    button: 'Ajouter à la banque de messages',
    title: 'Ajouter à la banque de messages',
    intro:
      'Le contenu de l’analyse rejoint la banque de messages du projet avec les catégories qu’elle aurait dû donner : un test les vérifiera.',
    categories: 'Catégories attendues',
    categoriesHelp: 'Ce que l’analyse aurait dû donner ; les catégories détectées sont proposées.',
    qualified: 'Qualifié (les catégories attendues sont complètes)',
    tagsHelp: 'Séparés par des virgules ou des espaces.',
    add: 'Ajouter',
    added: 'Message ajouté à la banque',
  },
  sampling: {
    title: 'Échantillonner des analyses',
    intro:
      'Copie dans la banque des analyses des environnements du projet : celles dont vous donnez les identifiants, ou un échantillon au hasard de celles qui répondent aux filtres (au moins un).',
    environment: 'Environnement',
    anyEnvironment: 'Tous les environnements',
    ids: 'Identifiants d’analyses',
    idsHelp: 'Séparés par des virgules, des espaces ou des retours à la ligne.',
    status: 'Statut',
    anyStatus: 'Tous les statuts',
    category: 'Catégorie détectée',
    from: 'Créées à partir du',
    to: 'Créées jusqu’au',
    count: 'Nombre de messages au plus',
    sample: 'Échantillonner',
    added: '%{smart_count} message ajouté à la banque |||| %{smart_count} messages ajoutés à la banque',
  },
  launch: {
    title: 'Lancer un test',
    tagOption: '%{tag} (%{smart_count} message) |||| %{tag} (%{smart_count} messages)',
    noTags: 'Aucun message de la banque ne porte de tag : taguez des messages pour les tester ensemble.',
    manualHelp:
      'Automatique : chaque message comme il a été ajouté. Activée : chaque analyse attend son statut final. Désactivée : aucune n’attend.',
    launch: 'Lancer',
  },
  results: {
    title: 'Test « %{tag} »',
    running: 'Le test est en cours : les scores s’afficheront quand toutes les analyses seront terminées.',
    noScores:
      'Aucun message n’est entièrement qualifié pour ce test : il n’y a pas de score à calculer. Qualifiez les attendus des messages du tag.',
    analysisErrors:
      '%{smart_count} analyse a échoué : ses attendus comptent comme non détectés. |||| %{smart_count} analyses ont échoué : leurs attendus comptent comme non détectés.',
    notQualified:
      '%{smart_count} message non qualifié pour ce type (NO_QUALIFIED), hors des scores. |||| %{smart_count} messages non qualifiés pour ce type (NO_QUALIFIED), hors des scores.',
    micro: 'Total (micro)',
    macro: 'Moyenne (macro)',
    falses: 'Messages en erreur (FP, FN)',
    message: 'Message',
    openAnalysis: 'Ouvrir l’analyse : pourquoi cette décision',
    exportCsv: 'Exporter en CSV',
    columns: {
      kind: 'Type',
      classification: 'Classification',
      tp: 'VP',
      fp: 'FP',
      fn: 'FN',
      precision: 'Précision',
      sensitivity: 'Sensibilité',
      expected: 'Attendus',
      detected: 'Détectés',
      falses: 'Erreurs',
    },
  },
  errors: {
    SAMPLING_NO_FILTER: 'L’échantillonnage demande au moins un filtre',
    SAMPLING_BAD_ID: '« %{id} » n’est pas un identifiant d’analyse',
    SAMPLING_TOO_MANY: '%{max} analyses au plus à la fois',
    TEST_TAG_EMPTY: 'Aucun message de la banque ne porte le tag « %{tag} »',
    TEST_ENVIRONMENT_UNKNOWN: 'Cet environnement n’appartient pas au projet',
    TEST_NOT_FOUND: 'Ce test n’existe pas',
    MESSAGE_NOT_FOUND: 'Ce message n’existe pas',
    FILE_TOO_LARGE: 'Le fichier est trop volumineux',
  },
};
