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
  batch: {
    edit: 'Modifier la sélection',
    test: 'Tester la sélection',
    noCommonTag:
      'Les messages sélectionnés n’ont aucun tag en commun : un test porte sur un tag (ajoutez-en un à la sélection).',
    title: 'Modifier %{smart_count} message |||| Modifier %{smart_count} messages',
    action: 'Action',
    actions: {
      addTags: 'Ajouter des tags',
      removeTags: 'Retirer des tags',
      addCategories: 'Ajouter des catégories attendues',
      addExtractions: 'Ajouter une extraction attendue',
      renameClassification: 'Renommer une classification',
      setNote: 'Écrire une note',
    },
    kind: 'Type de classification',
    categories: 'Catégories',
    categoriesHelp: 'Séparées par des virgules ou des retours à la ligne.',
    field: 'Champ',
    value: 'Valeur',
    from: 'Nom actuel',
    to: 'Nouveau nom',
    qualify: 'Marquer ce type qualifié',
    apply: 'Appliquer',
    done: '%{smart_count} message modifié |||| %{smart_count} messages modifiés',
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
    exportXlsx: 'Exporter en XLSX',
    exportFailed: 'Le fichier XLSX n’a pas pu être préparé. Réessayez.',
    analysisId: 'Identifiant d’analyse',
    confusion: {
      title: 'Matrice de confusion',
      help: 'Chaque message compte dans la case de sa catégorie attendue (ligne) et de sa catégorie détectée (colonne). « — » : rien d’attendu ou rien de détecté. Une case hors de la diagonale ouvre ses messages.',
      axes: 'Attendu ↓ / Détecté →',
      noneExpected: 'Rien d’attendu',
      noneDetected: 'Rien de détecté',
      pair: 'Attendu « %{expected} », détecté « %{detected} » : %{smart_count} message |||| Attendu « %{expected} », détecté « %{detected} » : %{smart_count} messages',
      pairNoneExpected:
        'Détecté « %{detected} » sans rien d’attendu : %{smart_count} message |||| Détecté « %{detected} » sans rien d’attendu : %{smart_count} messages',
      pairNoneDetected:
        'Attendu « %{expected} », rien de détecté : %{smart_count} message |||| Attendu « %{expected} », rien de détecté : %{smart_count} messages',
      singleLabelOnly:
        'Pas de matrice de confusion pour ce type : elle ne vaut que lorsque chaque message attend et reçoit une seule catégorie.',
    },
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
  changes: {
    gained: '%{smart_count} message gagné |||| %{smart_count} messages gagnés',
    lost: '%{smart_count} message perdu |||| %{smart_count} messages perdus',
    change: 'Changement',
    before: 'Avant',
    after: 'Après',
    kinds: { fixed: 'Corrigé', broken: 'Cassé', changed: 'Modifié' },
  },
  impact: {
    title: 'Impact sur le dernier test',
    computing: 'Calcul de l’impact…',
    incomplete: 'Complétez le formulaire pour voir l’impact de la modification sur le dernier test.',
    noRun:
      'Aucun test n’a encore été lancé sur cet environnement : lancez-en un pour voir ici l’impact de vos modifications avant de les enregistrer.',
    openTests: 'Ouvrir les tests',
    basis:
      'Ce que la modification non enregistrée ferait au test « %{tag} » du %{date} (%{smart_count} message, recatégorisé à partir de son analyse). |||| Ce que la modification non enregistrée ferait au test « %{tag} » du %{date} (%{smart_count} messages, recatégorisés à partir de leur analyse).',
    openRun: 'Ouvrir ce test',
    stale:
      'La configuration a changé depuis ce test en dehors des catégories (archétypes, interactions, réglages) : les chiffres sont approximatifs. Relancez le test pour des chiffres exacts.',
    unchanged: 'Aucun message ne changerait de résultat.',
    changes: 'Messages dont le résultat changerait',
    more: 'et %{smart_count} autre |||| et %{smart_count} autres',
  },
  compare: {
    button: 'Comparer avec…',
    title: 'Comparaison de deux tests',
    run: '« %{tag} » sur %{environment}, %{date}',
    messages:
      '%{smart_count} message comparé (présent et terminé dans les deux tests) ; %{onlyBefore} dans le premier seulement, %{onlyAfter} dans le second seulement. |||| %{smart_count} messages comparés (présents et terminés dans les deux tests) ; %{onlyBefore} dans le premier seulement, %{onlyAfter} dans le second seulement.',
    unchanged: 'Aucun message n’a changé de résultat entre les deux tests.',
    causesTitle: 'Ce qui a changé les résultats',
    causeMessages: '%{smart_count} message |||| %{smart_count} messages',
    changesTitle: 'Messages dont le résultat a changé',
    causes: {
      rule: {
        added: 'La règle « %{rule} » de « %{category} » décide désormais',
        removed: 'La règle « %{rule} » de « %{category} » ne décide plus',
      },
      default: {
        added: 'La catégorie par défaut « %{category} » est désormais donnée',
        removed: 'La catégorie par défaut « %{category} » n’est plus donnée',
      },
      interaction: {
        added: 'L’interaction « %{name} » est désormais trouvée',
        removed: 'L’interaction « %{name} » n’est plus trouvée',
      },
      expectation: 'Les attentes du message ont changé entre les deux tests',
      other: 'Aucune différence enregistrée n’explique le changement',
    },
  },
  errors: {
    IMPACT_ADVANCED_CATEGORISATION:
      'La catégorisation avancée décide des catégories de cet environnement : l’impact de ses règles ne peut pas être prévu',
    TEST_RUNNING: 'Le test est encore en cours : comparez-le une fois terminé',
    TAG_INVALID: '« %{tag} » n’est pas un tag (lettres, chiffres et - _ . : / seulement)',
    TEST_ENVIRONMENT_DELETED: 'L’environnement a été supprimé pendant le test',
    TEST_STALLED: 'Aucune analyse de ce test ne s’est terminée pendant %{minutes} minutes',
    CLASSIFICATION_EXISTS: 'La classification « %{name} » existe déjà',
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
