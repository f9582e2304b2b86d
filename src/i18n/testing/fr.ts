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
      'Extensions acceptées : %{extensions}. %{max} Mo au plus par fichier, %{count} fichiers et %{total} Mo au plus par import.',
    tags: 'Tags',
    tagsHelp: 'Séparés par des virgules ou des espaces ; donnés à chaque fichier importé.',
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
    summary: 'Importés : %{success}, en échec : %{failure}, hors limites : %{limit}',
  },
  importPage: {
    intro:
      'Ajoutez des fichiers à la banque de messages du projet : chacun devient un message, avec les tags donnés.',
    again: 'Importer d’autres fichiers',
    openBank: 'Ouvrir la banque de messages',
  },
  addToBank: {
    button: 'Ajouter à la banque de messages',
    title: 'Ajouter à la banque de messages',
    intro:
      'Le contenu de l’analyse rejoint la banque de messages du projet avec les catégories qu’elle aurait dû donner : un test les vérifiera.',
    categories: 'Catégories attendues',
    categoriesHelp: 'Ce que l’analyse aurait dû donner ; les catégories détectées sont proposées.',
    qualified: 'Qualifié (les catégories attendues sont complètes)',
    tagsHelp: 'Séparés par des virgules ou des espaces.',
    add: 'Ajouter',
    added: 'Message ajouté à la banque',
  },
  sampling: {
    title: 'Échantillonner des analyses',
    intro:
      'Copie dans la banque des analyses des environnements du projet : celles dont vous donnez les identifiants, ou un échantillon au hasard de celles qui répondent aux filtres (au moins un).',
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
      'Les messages sélectionnés n’ont aucun tag en commun : un test porte sur un tag (ajoutez-en un à la sélection).',
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
  rename: {
    button: 'Renommer les fichiers',
    title: 'Renommer %{smart_count} message |||| Renommer %{smart_count} messages',
    mode: 'Renommer en',
    modes: {
      replace: 'Remplaçant du texte',
      add: 'Ajoutant du texte',
      separator: 'Changeant le séparateur',
      nameAndIndex: 'Nom et numéro',
    },
    find: 'Rechercher',
    replaceWith: 'Remplacer par',
    text: 'Texte à ajouter',
    position: 'Où',
    positions: { before: 'Avant le nom', after: 'Après le nom' },
    separator: 'Séparateur',
    newSeparator: 'Remplacé par',
    separators: {
      space: 'Espace',
      underscore: 'Tiret bas _',
      hyphen: 'Trait d’union -',
      dot: 'Point .',
      none: 'Rien',
    },
    name: 'Nom',
    startIndex: 'Premier numéro',
    help: {
      replace:
        'Chaque occurrence du texte, exactement tel que saisi (majuscules comprises), dans tout le nom.',
      add: 'Avant le nom, ou après lui et avant son extension (scan.pdf → scan-2024.pdf).',
      separator:
        'Dans le nom sans son extension ; plusieurs séparateurs qui se suivent n’en font qu’un, et ceux du début ou de la fin sont retirés.',
      nameAndIndex:
        'Le nom suivi d’un numéro compté à partir du premier numéro (sinistre → sinistre-1.eml, sinistre-2.eml…), dans l’ordre de la liste (les messages sélectionnés sur d’autres pages en dernier) ; chaque fichier garde son extension.',
    },
    preview: 'Aperçu',
    original: 'Nom d’origine',
    modified: 'Nouveau nom',
    missing:
      '%{smart_count} message sélectionné n’a pas pu être lu : il est laissé de côté. |||| %{smart_count} messages sélectionnés n’ont pas pu être lus : ils sont laissés de côté.',
    apply: 'Renommer',
    done: '%{smart_count} message renommé |||| %{smart_count} messages renommés',
  },
  launch: {
    title: 'Lancer un test',
    tagOption: '%{tag} (%{smart_count} message) |||| %{tag} (%{smart_count} messages)',
    noTags: 'Aucun message de la banque ne porte de tag : taguez des messages pour les tester ensemble.',
    manualHelp:
      'Automatique : chaque message comme il a été ajouté. Activée : chaque analyse attend son statut final. Désactivée : aucune n’attend.',
    launch: 'Lancer',
  },
  results: {
    title: 'Test « %{tag} »',
    running: 'Le test est en cours : les scores s’afficheront quand toutes les analyses seront terminées.',
    noScores:
      'Aucun message n’est entièrement qualifié pour ce test : il n’y a pas de score à calculer. Qualifiez les attendus des messages du tag.',
    analysisErrors:
      '%{smart_count} analyse a échoué : ses attendus comptent comme non détectés. |||| %{smart_count} analyses ont échoué : leurs attendus comptent comme non détectés.',
    notQualified:
      '%{smart_count} message non qualifié pour ce type (NO_QUALIFIED), hors des scores. |||| %{smart_count} messages non qualifiés pour ce type (NO_QUALIFIED), hors des scores.',
    micro: 'Total (micro)',
    macro: 'Moyenne (macro)',
    falses: 'Messages en erreur (FP, FN)',
    message: 'Message',
    openAnalysis: 'Ouvrir l’analyse : pourquoi cette décision',
    keep: 'Classifications à garder',
    keepHelp:
      'Le résultat personnalisé : les tableaux, les totaux et les exports ne portent que sur elles ; aucune choisie, elles sont toutes gardées.',
    rulePriority: 'Priorité de la règle',
    exportCsv: 'Exporter en CSV',
    exportXlsx: 'Exporter en XLSX',
    exportFailed: 'Le fichier XLSX n’a pas pu être préparé. Réessayez.',
    analysisId: 'Identifiant d’analyse',
    confusion: {
      title: 'Matrice de confusion',
      help: 'Chaque message compte dans la case de sa catégorie attendue (ligne) et de sa catégorie détectée (colonne). « — » : rien d’attendu ou rien de détecté. Une case hors de la diagonale ouvre ses messages.',
      axes: 'Attendu ↓ / Détecté →',
      noneExpected: 'Rien d’attendu',
      noneDetected: 'Rien de détecté',
      pair: 'Attendu « %{expected} », détecté « %{detected} » : %{smart_count} message |||| Attendu « %{expected} », détecté « %{detected} » : %{smart_count} messages',
      pairNoneExpected:
        'Détecté « %{detected} » sans rien d’attendu : %{smart_count} message |||| Détecté « %{detected} » sans rien d’attendu : %{smart_count} messages',
      pairNoneDetected:
        'Attendu « %{expected} », rien de détecté : %{smart_count} message |||| Attendu « %{expected} », rien de détecté : %{smart_count} messages',
      singleLabelOnly:
        'Pas de matrice de confusion pour ce type : elle ne vaut que lorsque chaque message attend et reçoit une seule catégorie.',
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
  qualification: {
    tag: 'Tag (jeu de test)',
    wholeBank: 'Toute la banque',
    views: { overview: 'Vue d’ensemble', detailed: 'Vue détaillée', labelling: 'Étiquetage' },
    statuses: 'Messages par statut de qualification',
    kinds: 'Par type de classification',
    withExpectations: 'Avec des attendus',
    qualifiedKind: 'Qualifié',
    chooseTag: 'Choisissez un tag pour voir les scores de son dernier test.',
    lastTest: 'Scores du dernier test de ce tag (terminé le %{date})',
    noTest: 'Aucun test de ce tag n’est encore terminé.',
    kindActions: '%{kind} de « %{name} » : actions',
    actions: {
      qualify: 'Marquer qualifié',
      unqualify: 'Marquer non qualifié',
      reset: 'Réinitialiser (effacer les attendus de ce type)',
    },
    allStatuses: 'Tous les statuts',
    previous: 'Précédent',
    next: 'Suivant',
    position: 'Message %{n} sur %{total}',
    nothingToLabel: 'Aucun message à étiqueter avec ces filtres.',
    binaryContent: 'Ce fichier ne se lit pas ici : téléchargez-le depuis la banque de messages.',
    kindQualified: '%{kind} : attendus complets (qualifié)',
    saveAndNext: 'Enregistrer et passer au suivant',
    keys: 'Clavier, hors des champs : → suivant, ← précédent, Q qualifier chaque type de catégorie et passer au suivant ; Ctrl+Entrée, partout : enregistrer et passer au suivant.',
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
      'Aucun test n’a encore été lancé sur cet environnement : lancez-en un pour voir ici l’impact de vos modifications avant de les enregistrer.',
    openTests: 'Ouvrir les tests',
    basis:
      'Ce que la modification non enregistrée ferait au test « %{tag} » du %{date} (%{smart_count} message, recatégorisé à partir de son analyse). |||| Ce que la modification non enregistrée ferait au test « %{tag} » du %{date} (%{smart_count} messages, recatégorisés à partir de leur analyse).',
    basisNlu:
      'Ce que la modification non enregistrée ferait au test « %{tag} » du %{date} (%{smart_count} message, analysé de nouveau par le NLU à partir du texte extrait alors). |||| Ce que la modification non enregistrée ferait au test « %{tag} » du %{date} (%{smart_count} messages, analysés de nouveau par le NLU à partir du texte extrait alors).',
    openRun: 'Ouvrir ce test',
    stale:
      'La configuration a changé depuis ce test en dehors des catégories (archétypes, interactions, réglages, règles de domaine) : les chiffres sont approximatifs. Relancez le test pour des chiffres exacts.',
    unchanged: 'Aucun message ne changerait de résultat.',
    changes: 'Messages dont le résultat changerait',
    more: 'et %{smart_count} autre |||| et %{smart_count} autres',
  },
  classifications: {
    intro:
      'Comment les tests lisent une classification : son type de valeur (nombres, oui ou non, listes et objets se comparent par leur valeur, quelle que soit leur écriture), si elle est notée (une classification ignorée est écartée des scores et listée à part) et si elle sort de l’équipe (une classification privée est écartée des exports). Un test est noté selon les réglages du moment où il se termine : relancez-le pour appliquer de nouveaux réglages. Une classification sans réglage est un texte public et noté.',
    ignoredMark: 'ignorée',
    ignored: 'Ignorées par les réglages du projet, écartées des scores',
  },
  domainModules: {
    intro:
      'Un module de domaine est une source de classifications du projet : la sortie d’un module du pipeline (la catégorisation donne les catégories, l’extraction d’informations les valeurs extraites). Les règles de domaine désignent le module dont la sortie est notée.',
  },
  domainRules: {
    intro:
      'Pour une classification et un type d’entrée, une règle dit quel module de domaine les tests notent, avec une priorité par environnement (la plus basse d’abord). Dès qu’un environnement a une règle, ses tests ne notent que les classifications couvertes : les autres sont NO_DOMAIN_RULE, hors des scores.',
    applied: 'Règles de domaine appliquées',
    appliedHint:
      'Les règles de l’environnement au lancement du test, dans l’ordre des priorités : seules les classifications qu’elles couvrent sont notées.',
    priority: 'Priorité',
    noDomainRule:
      'NO_DOMAIN_RULE : aucune règle de domaine ne couvre ces classifications, laissées hors des scores',
    messages: '%{smart_count} message |||| %{smart_count} messages',
  },
  compare: {
    button: 'Comparer avec…',
    title: 'Comparaison de deux tests',
    run: '« %{tag} » sur %{environment}, %{date}',
    messages:
      '%{smart_count} message comparé (présent et terminé dans les deux tests) ; %{onlyBefore} dans le premier seulement, %{onlyAfter} dans le second seulement. |||| %{smart_count} messages comparés (présents et terminés dans les deux tests) ; %{onlyBefore} dans le premier seulement, %{onlyAfter} dans le second seulement.',
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
  testSets: {
    title: 'Mes jeux de test',
    tabs: { runs: 'Exécutions', sets: 'Mes jeux de test' },
    none: 'Aucun jeu de test : taguez des messages de la banque pour les tester ensemble.',
    noTest: 'Jamais testé',
    launch: 'Lancer un test sur « %{tag} »',
    columns: {
      tag: 'Tag',
      messages: 'Messages',
      qualified: 'Messages qualifiés',
      status: 'Statut',
      visibility: 'Visibilité',
      lastTest: 'Dernier test',
    },
    statuses: { qualified: 'Qualifié', not_qualified: 'Non qualifié' },
  },
  tagVisibility: {
    public: 'Public',
    private: 'Privé',
    label: 'Visibilité du tag « %{tag} » : %{visibility}',
    make: { public: 'Rendre public', private: 'Rendre privé' },
    help: {
      public: 'Visible de tous les qualifieurs du projet',
      private: 'Visible de vous seul dans les jeux de test et les listes de tags',
    },
    notOwner: 'Seul %{owner}, qui l’a rendu privé, peut changer sa visibilité',
    made: {
      public: 'Le tag « %{tag} » est désormais public',
      private: 'Le tag « %{tag} » est désormais privé',
    },
  },
  errors: {
    IMPACT_ADVANCED_CATEGORISATION:
      'La catégorisation avancée décide des catégories de cet environnement : l’impact de ses règles ne peut pas être prévu',
    TEST_RUNNING: 'Le test est encore en cours : comparez-le une fois terminé',
    TAG_INVALID: '« %{tag} » n’est pas un tag (lettres, chiffres et - _ . : / seulement)',
    TEST_ENVIRONMENT_DELETED: 'L’environnement a été supprimé pendant le test',
    TEST_STALLED: 'Aucune analyse de ce test ne s’est terminée pendant %{minutes} minutes',
    CLASSIFICATION_EXISTS: 'La classification « %{name} » existe déjà',
    ATTACHMENT_LABELS_NEED_BODY:
      'Le message « %{name} » attendrait des catégories de pièces jointes sans catégorie de corps : donnez-lui d’abord les catégories de son corps',
    RENAME_EMPTY_NAME: 'Le nouveau nom de « %{name} » serait vide',
    RENAME_TOO_LONG: 'Le nouveau nom de « %{name} » dépasserait %{max} caractères',
    SAMPLING_NO_FILTER: 'L’échantillonnage demande au moins un filtre',
    SAMPLING_BAD_ID: '« %{id} » n’est pas un identifiant d’analyse',
    SAMPLING_TOO_MANY: '%{max} analyses au plus à la fois',
    TEST_TAG_EMPTY: 'Aucun message de la banque ne porte le tag « %{tag} »',
    TEST_ENVIRONMENT_UNKNOWN: 'Cet environnement n’appartient pas au projet',
    TEST_NOT_FOUND: 'Ce test n’existe pas',
    MESSAGE_NOT_FOUND: 'Ce message n’existe pas',
    FILE_TOO_LARGE: 'Le fichier est trop volumineux',
    TAG_NOT_OWNER: 'Seul %{owner}, qui a rendu le tag « %{tag} » privé, peut changer sa visibilité',
    TAG_NOT_FOUND: 'Aucun message ni test du projet ne porte le tag « %{tag} »',
  },
};
