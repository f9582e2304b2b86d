/** Messages of the configuration area, the NLU test page and the NLU parts of results, French. */
export const nluFr = {
  configuration: {
    intro:
      'Décrivez ce qui compte dans vos messages : archétypes et interactions, regroupés en contextes chargés par des serveurs NLU, puis les catégories et leurs règles, et les champs à extraire.',
    help: 'Comment le moteur lit vos réglages',
    tree: 'Éléments de la configuration',
    sections: {
      languages:
        'Les langues NLU de l’environnement : le texte est lu dans la langue détectée parmi elles (ou dans la seule choisie, sans détection automatique).',
      servers:
        'Un serveur charge des contextes et compile leurs interactions au démarrage ; il s’arrête après 5 minutes sans usage.',
      contexts: 'Un contexte regroupe des interactions et peut fixer leurs langues.',
      archetypes:
        'Un archétype dit ce que signifient des mots : termes (tolérants aux fautes sauf s’ils sont exacts), expressions régulières, sous-archétypes.',
      interactions:
        'Une interaction combine des archétypes trouvés ensemble, dans l’ordre ou non, à une distance donnée.',
      'interaction-functions':
        'Une fonction affine les occurrences d’une interaction (suivie de, précédée de, paramètre égal à…).',
      categories:
        'Les règles des catégories s’appliquent par priorité croissante sur ce que le moteur a trouvé.',
      'advanced-categorisation':
        'Un modèle Twig qui écrit les catégories du message, une par ligne, à partir de ce que l’analyse a trouvé et de ce que les règles ont donné (documentation : aide de la configuration).',
      'extraction-fields': 'Les données que l’extraction rapporte, avec leur source.',
    },
    servers: {
      start: 'Démarrer',
      stop: 'Arrêter',
      starting: 'L’IA démarre : la configuration du serveur est compilée…',
      started: 'Serveur démarré (compilé en %{ms} ms)',
    },
    builtins: {
      title: 'Archétypes intégrés',
      intro: 'En lecture seule ; utilisez-les comme sous-archétypes ou comme archétypes de paramètres.',
    },
    variations: {
      title: 'Variations IA',
      term: 'Terme',
      language: 'Langue',
      propose: 'Proposer des variations',
      proposals: 'Variations proposées',
      hint: 'Cliquez sur les variations à accepter ; les autres sont écartées.',
      archetype: 'Ajouter à l’archétype',
      add: 'Ajouter %{smart_count} terme |||| Ajouter %{smart_count} termes',
      added: '%{smart_count} terme ajouté à « %{name} » |||| %{smart_count} termes ajoutés à « %{name} »',
      kinds: {
        plural: 'pluriel',
        feminine: 'féminin',
        accents: 'sans accents',
        misspelling: 'faute courante',
      },
    },
    compatibility: 'Compatibilité de la catégorisation',
    rename: {
      action: 'Renommer « %{name} »',
      title: 'Renommer la catégorie « %{name} »',
      name: 'Nouveau nom',
      empty: 'Le nom de la catégorie ne peut pas être vide',
      unchanged: 'Changez le nom avant d’enregistrer le renommage',
      done: 'Catégorie renommée ; %{smart_count} référence suivie |||| Catégorie renommée ; %{smart_count} références suivies',
    },
    advanced: {
      title: 'Catégorisation avancée',
      enabled: 'Catégoriser avec le modèle (au lieu des seules règles)',
      template: 'Modèle (Twig)',
      saved: 'Catégorisation avancée enregistrée',
      testText: 'Texte à catégoriser',
      test: 'Tester',
      byRules: 'Par les règles : %{categories}',
      byTemplate: 'Par le modèle : %{categories}',
    },
    languages: {
      title: 'Langues',
      saved: 'Langues enregistrées',
      none: 'Choisissez au moins une langue',
    },
    flagged: {
      title:
        '%{smart_count} règle signalée : elle ne s’applique jamais |||| %{smart_count} règles signalées : elles ne s’appliquent jamais',
      rule: 'Règle « %{rule} » de la catégorie « %{category} » : %{reason}',
    },
  },
  extraction: { tabs: { interface: 'Interface', tests: 'Tests', documentation: 'Documentation' } },
  wizard: {
    open: 'Création avancée',
    title: 'Création avancée',
    steps: {
      archetype: 'Archétype',
      interaction: 'Interaction',
      functions: 'Fonctions',
      category: 'Catégorie',
    },
    terms: 'Termes (un par ligne)',
    alreadyExists: 'existe déjà',
    useExisting: 'Utiliser l’existant',
    needTerm: 'Donnez au moins un terme',
    needContext: 'Sélectionnez au moins un contexte',
    needRule: 'Nommez la règle',
    noFunctions: 'Aucune fonction d’interaction dans cet environnement : étape facultative.',
    back: 'Retour',
    next: 'Suivant',
    create: 'Créer',
    created: 'Archétype, interaction et catégorie créés',
  },
  test: {
    intro:
      'Tapez un texte, choisissez au moins un serveur : les archétypes et les interactions trouvés sont surlignés.',
    text: 'Texte à analyser',
    servers: 'Serveurs',
    run: 'Analyser',
    needServer: 'Un test NLU a besoin d’au moins un serveur',
    noServer: 'Aucun serveur dans cet environnement : créez-en un dans la configuration.',
    startingUp: 'L’IA démarrait : le serveur « %{name} » a été démarré pour ce test.',
    language: 'Langue : %{language}',
    archetypes: 'Archétypes trouvés',
    interactions: 'Interactions trouvées',
    none: 'Rien trouvé',
    approximate: 'avec tolérance aux fautes',
  },
  result: {
    categories: 'Catégories',
    attachmentsCategories: 'Catégories des pièces jointes',
    noCategories: 'Aucune catégorie : la catégorisation n’a pas tourné.',
    byRule: 'par la règle « %{rule} » (priorité %{priority})',
    byDefault: 'aucune règle ne s’applique',
    criteria: 'Critères',
    held: 'vérifié',
    notHeld: 'non vérifié',
    interactions: 'Interactions',
    extractedData: 'Données extraites',
    noData: 'Aucune donnée extraite',
    postProcessing: {
      title: 'Post-traitement',
      taints: 'Marqueurs :',
      noTaint: 'aucun',
      action: '%{action} « %{target} »',
      outcomes: { applied: 'appliquée', notApplied: 'condition fausse', failed: 'en échec' },
      failures: {
        categoryGone: 'La catégorie de message « %{category} » n’existe plus.',
        templateFailed: 'Son modèle a échoué : %{reason}',
        conditionFailed:
          'Sa condition n’a pas pu être évaluée, ligne %{line} (détail technique : %{detail}).',
        valueFailed: 'Sa valeur n’a pas pu être calculée, ligne %{line} (détail technique : %{detail}).',
        noTarget: 'La règle n’a pas de cible.',
      },
    },
    ocrFound: 'extraction de données OCR : %{document}, page %{page}, après « %{anchor} »',
    highlighted: 'Mots qui ont décidé',
    page: 'page %{page}',
    subject: 'Objet',
    message: 'Message',
  },
};
