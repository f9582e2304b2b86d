import { languagesFr } from './languages';

const dates = { createdAt: 'Créé le', updatedAt: 'Modifié le' };
const criterion = { type: 'Type de critère', name: 'Nom testé', parameter: 'Paramètre', value: 'Valeur' };
const criterionTypes = {
  all: 'Tous les critères',
  any: 'Au moins un critère',
  not: 'Pas ce critère',
  interaction: 'Interaction trouvée',
  category: 'Catégorie déjà donnée',
  extractedData: 'Donnée extraite',
  header: 'En-tête',
  metadata: 'Métadonnée',
};
const { all: _all, any: _any, not: _not, ...leafTypes } = criterionTypes;

/** Labels of the NLU, categorisation and extraction entities (spec pipeline §3), French. */
export const nluResourcesFr = {
  archetypes: {
    name: 'Archétype |||| Archétypes',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      description: 'Description',
      expressions: 'Expressions',
      'expressions.type': 'Type',
      'expressions.value': 'Terme ou expression régulière',
      'expressions.exact': 'Exact (sans tolérance aux fautes)',
      'expressions.flags': 'Options de l’expression (i, u, s, m)',
      subArchetypes: 'Sous-archétypes',
      ...dates,
    },
    values: { 'expressions.type': { term: 'Terme', regex: 'Expression régulière' } },
    errors: {
      name: {
        minLength: 'Le nom de l’archétype ne peut pas être vide',
        pattern: 'Le nom de l’archétype ne peut pas être vide',
        unique: 'Un archétype de ce nom existe déjà',
      },
    },
  },
  interactions: {
    name: 'Interaction |||| Interactions',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      comment: 'Commentaire',
      enabled: 'Active',
      ordered: 'Ordonnée',
      distance: 'Distance (mots, -1 : sans limite)',
      contexts: 'Contextes',
      parameters: 'Paramètres',
      'parameters.position': 'Position',
      'parameters.name': 'Nom du paramètre',
      'parameters.archetype': 'Archétype lié',
      'parameters.optional': 'Optionnel',
      'parameters.multiple': 'Multiple',
      'parameters.resetConversation': 'Réinitialise la conversation',
      functions: 'Fonctions d’interaction',
      ...dates,
    },
    errors: {
      name: {
        minLength: 'Le nom de l’interaction ne peut pas être vide',
        pattern: 'Le nom de l’interaction ne peut pas être vide',
        unique: 'Une interaction de ce nom existe déjà',
        distanceInName:
          'La distance en fin de nom ([distance=N]) est un nombre entier de mots jusqu’à 10000, ou -1 pour aucune limite',
      },
      distance: {
        minimum: 'La distance est un nombre de mots, ou -1 pour aucune limite',
        version:
          'Un serveur de ses contextes tourne sur une NLU antérieure à 4.12, qui ne lit pas ce champ : laissez -1 ici et terminez le nom par [distance=N]',
      },
    },
  },
  'interaction-functions': {
    name: 'Fonction d’interaction |||| Fonctions d’interaction',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      enabled: 'Active',
      functionName: 'Fonction',
      interactionAfter: 'Interaction après (interactionAfter)',
      interactionBefore: 'Interaction avant (interactionBefore)',
      interactionAround: 'Interaction autour (interactionAround)',
      interactionRightAfter: 'Interaction juste après (interactionRightAfter)',
      interactionRightBefore: 'Interaction juste avant (interactionRightBefore)',
      stringValue: 'Valeur (stringValue)',
      parameterName: 'Paramètre (parameterName)',
      interactionToFind: 'Interaction à trouver (interactionToFind)',
      parameterToFind: 'Paramètre à trouver (parameterToFind)',
      parameterBaseline: 'Référence (parameterBaseline)',
      ...dates,
    },
    values: {
      functionName: {
        followedBy: 'Suivie de',
        precededBy: 'Précédée de',
        near: 'Près de',
        immediatelyFollowedBy: 'Immédiatement suivie de',
        immediatelyPrecededBy: 'Immédiatement précédée de',
        parameterEquals: 'Paramètre égal à',
        copyParameter: 'Copier un paramètre',
        compareToBaseline: 'Comparer à une référence',
      },
    },
    errors: {
      name: {
        minLength: 'Le nom de la fonction ne peut pas être vide',
        pattern: 'Le nom de la fonction ne peut pas être vide',
        unique: 'Une fonction de ce nom existe déjà',
      },
    },
  },
  contexts: {
    name: 'Contexte |||| Contextes',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      languages: 'Langues',
      ...dates,
    },
    values: { languages: languagesFr },
    errors: {
      name: {
        minLength: 'Le nom du contexte ne peut pas être vide',
        pattern: 'Le nom du contexte ne peut pas être vide',
        unique: 'Un contexte de ce nom existe déjà',
      },
    },
  },
  servers: {
    name: 'Serveur |||| Serveurs',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      aiVersion: 'Version de l’IA',
      defaultLanguage: 'Langue par défaut',
      responseFormat: 'Format de réponse',
      labeling: 'Étiquetage',
      multipleInteractions: 'Interactions multiples',
      contexts: 'Contextes associés',
      state: 'État',
      lastUsedAt: 'Dernière utilisation',
      ...dates,
    },
    values: {
      aiVersion: { v4: 'v4', 'v4.10': 'v4.10', 'v4.11': 'v4.11', 'v4.12': 'v4.12', v5: 'v5' },
      defaultLanguage: languagesFr,
      responseFormat: { V4: 'V4', V5: 'V5' },
      state: { stopped: 'Arrêté', started: 'Démarré' },
    },
    errors: {
      name: {
        minLength: 'Le nom du serveur ne peut pas être vide',
        pattern: 'Le nom du serveur ne peut pas être vide',
        unique: 'Un serveur de ce nom existe déjà',
      },
    },
  },
  categories: {
    name: 'Catégorie |||| Catégories',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      kind: 'Pour',
      description: 'Description',
      rules: 'Règles',
      'rules.name': 'Nom de la règle',
      'rules.priority': 'Priorité (la plus basse d’abord)',
      'rules.enabled': 'Active',
      'rules.taint': 'Marque (taint)',
      'rules.criteria': 'Critères',
      'rules.criteria.type': criterion.type,
      'rules.criteria.name': criterion.name,
      'rules.criteria.parameter': criterion.parameter,
      'rules.criteria.value': criterion.value,
      'rules.criteria.children': 'Critères combinés',
      'rules.criteria.children.type': criterion.type,
      'rules.criteria.children.name': criterion.name,
      'rules.criteria.children.parameter': criterion.parameter,
      'rules.criteria.children.value': criterion.value,
      'rules.criteria.children.children': 'Critères combinés',
      'rules.criteria.children.children.type': criterion.type,
      'rules.criteria.children.children.name': criterion.name,
      'rules.criteria.children.children.parameter': criterion.parameter,
      'rules.criteria.children.children.value': criterion.value,
      ...dates,
    },
    values: {
      kind: { message: 'Messages', attachment: 'Pièces jointes' },
      'rules.criteria.type': criterionTypes,
      'rules.criteria.children.type': criterionTypes,
      'rules.criteria.children.children.type': leafTypes,
    },
    errors: {
      name: {
        minLength: 'Le nom de la catégorie ne peut pas être vide',
        pattern: 'Le nom de la catégorie ne peut pas être vide',
        unique: 'Une catégorie de ce nom existe déjà',
      },
      kind: { unique: 'Une catégorie de ce nom existe déjà' },
      'rules.priority': {
        type: 'La priorité doit être un nombre entier',
        minimum: 'La priorité doit être positive ou nulle',
      },
    },
  },
  'extraction-fields': {
    name: 'Champ d’extraction |||| Champs d’extraction',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      source: 'Source',
      interaction: 'Interaction',
      parameter: 'Paramètre',
      archetype: 'Archétype',
      pattern: 'Expression régulière',
      flags: 'Options de l’expression',
      type: 'Type',
      multiple: 'Toutes les valeurs',
      ...dates,
    },
    values: {
      source: {
        parameter: 'Paramètre d’interaction',
        archetype: 'Archétype',
        regex: 'Expression régulière',
        builtin: 'Archétype intégré',
      },
      type: { string: 'Texte', number: 'Nombre' },
    },
    errors: {
      name: {
        minLength: 'Le nom du champ ne peut pas être vide',
        pattern: 'Le nom du champ ne peut pas être vide',
        unique: 'Un champ de ce nom existe déjà',
      },
    },
  },
} as const;
