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
    TEST_TAG_EMPTY: 'Aucun message de la banque ne porte le tag « %{tag} »',
    TEST_ENVIRONMENT_UNKNOWN: 'Cet environnement n’appartient pas au projet',
    TEST_NOT_FOUND: 'Ce test n’existe pas',
    MESSAGE_NOT_FOUND: 'Ce message n’existe pas',
    FILE_TOO_LARGE: 'Le fichier est trop volumineux',
  },
};
