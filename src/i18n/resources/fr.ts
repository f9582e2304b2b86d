import { modulesFr } from '../modules/fr';
import { nluResourcesFr } from './nlu.fr';
import { replyResourcesFr } from './replies.fr';
import { testingResourcesFr } from './testing.fr';
import { languagesFr } from './languages';
/**
 * Labels of the schema-driven resources (DESIGN.md §4), French: `resources.<path>.name` (singular
 * |||| plural), `.fields.<field>` (nested fields dotted: `projects.access`), `.values.<field>.<value>`
 * for enums, `.errors.<field>.<keyword>` for the spec's messages. src/resources/resourceMessages.test.ts
 * fails when a schema field has no key here or in English.
 */
export const resourcesFr = {
  organisations: {
    name: 'Organisation |||| Organisations',
    fields: {
      id: 'Identifiant',
      name: 'Nom',
      contractStartDate: 'Début du contrat',
      yearlyQuota: 'Quota annuel d’analyses',
      createdAt: 'Créée le',
    },
  },
  members: {
    name: 'Membre |||| Membres',
    fields: {
      id: 'Identifiant',
      firstname: 'Prénom',
      lastname: 'Nom',
      username: 'Nom d’utilisateur',
      email: 'E-mail',
      position: 'Poste',
      role: 'Rôle',
      projects: 'Accès aux projets',
      'projects.projectId': 'Projet',
      'projects.access': 'Niveau d’accès',
      createdAt: 'Créé le',
    },
    values: {
      role: { admin: 'Administrateur', notAdmin: 'Non administrateur' },
      'projects.access': {
        configurator: 'Configurateur',
        qualifier: 'Qualificateur',
        cockpit: 'Cockpit',
        noAccess: 'Aucun accès',
      },
    },
    errors: {
      username: { unique: 'Ce nom d’utilisateur est déjà utilisé' },
      email: { unique: 'Cette adresse e-mail est déjà celle d’un membre' },
    },
  },
  invitations: {
    name: 'Invitation |||| Invitations',
    fields: {
      id: 'Identifiant',
      email: 'E-mail',
      firstname: 'Prénom',
      lastname: 'Nom',
      position: 'Poste',
      role: 'Rôle',
      state: 'État',
      createdAt: 'Envoyée le',
    },
    values: {
      role: { admin: 'Administrateur', notAdmin: 'Non administrateur' },
      state: { pending: 'En attente', accepted: 'Acceptée', declined: 'Refusée' },
    },
    errors: {
      email: { unique: 'Cette adresse a déjà une invitation en attente' },
    },
  },
  projects: {
    name: 'Projet |||| Projets',
    fields: {
      id: 'Identifiant',
      organisationId: 'Organisation',
      name: 'Nom',
      type: 'Type',
      notes: 'Notes',
      createdAt: 'Créé le',
    },
    values: {
      type: { nlu: 'NLU', ic: 'IC (historique)' },
    },
    errors: {
      name: { maxLength: 'Le nouveau nom du projet ne peut pas dépasser 50 caractères' },
    },
  },
  environments: {
    name: 'Environnement |||| Environnements',
    fields: {
      id: 'Identifiant',
      projectId: 'Projet',
      name: 'Nom',
      aiVersion: 'Version de l’IA',
      visibility: 'Visibilité',
      priorityProcessing: 'Traitement prioritaire',
      debugMode: 'Mode débogage de l’IA',
      productionMode: 'Mode production',
      languages: 'Langues',
      retention: 'Conservation des données',
      multiInteraction: 'Multi-interaction',
      multiCategory: 'Multi-catégorie',
      attachmentCategoriesPerPage: 'Catégories des pièces jointes par page',
      ocrImages: 'OCR des JPG et PNG',
      ocrMaxPages: 'Pages à lire par OCR au plus',
      splitCharacters: 'Découpage par caractères',
      defaultCategory: 'Catégorie par défaut (messages)',
      defaultAttachmentCategory: 'Catégorie par défaut (pièces jointes)',
      advancedCategorisation: 'Catégorisation avancée',
      categorisationTemplate: 'Modèle de catégorisation avancée (Twig)',
      modules: 'Modules du pipeline',
      output: 'Choix de la sortie',
      'output.htmlBodies': 'Ajouter les corps HTML',
      'output.attachmentsData': 'Ajouter les données des pièces jointes',
      'output.emailHeaders': 'En-têtes du mail',
      'output.categories': 'Catégories',
      'output.categories.enabled': 'Envoyer les catégories',
      'output.categories.skip': 'Catégories à ne pas envoyer',
      'output.extractedData': 'Données extraites',
      'output.metadata': 'Métadonnées',
      'output.nluOutput': 'Sortie du NLU',
      'output.replyProposal': 'Proposition de réponse',
      'modules.type': 'Module',
      'modules.name': 'Nom',
      'modules.inputType': 'Type d’entrée',
      'modules.context': 'Contexte NLU',
      createdAt: 'Créé le',
    },
    values: {
      aiVersion: { v4: 'v4', v5: 'v5' },
      visibility: { public: 'Public', hidden: 'Masqué' },
      languages: languagesFr,
      'modules.type': modulesFr.types,
      'modules.inputType': modulesFr.inputTypes,
      retention: {
        Always: 'Toujours',
        NoRetention: 'Aucune conservation',
        OneDay: 'Un jour',
        OneWeek: 'Une semaine',
        OneMont: 'Un mois',
        SixMont: 'Six mois',
        OneYear: 'Un an',
      },
    },
    help: {
      visibility: 'Les environnements masqués ne sont visibles que des configurateurs.',
      priorityProcessing: 'Prend effet de manière asynchrone : cela peut prendre quelques minutes.',
      debugMode: 'Conserve les traces de l’IA de chaque analyse. Incompatible avec le mode production.',
      productionMode: 'Indique que l’environnement sert la production. Incompatible avec le mode débogage.',
      retention: 'Les analyses plus anciennes sont anonymisées.',
      multiInteraction:
        'Garder chaque occurrence d’une interaction dans un bloc, pas seulement la meilleure.',
      multiCategory: 'Chaque règle satisfaite donne sa catégorie ; sinon la première par priorité décide.',
      attachmentCategoriesPerPage: 'Catégoriser chaque page d’une pièce jointe séparément.',
      ocrImages: 'Lire le texte des images JPG et PNG par OCR.',
      ocrMaxPages: 'Nombre maximal de pages d’un document lues par OCR.',
      splitCharacters: 'Caractères par bloc de texte lu par le moteur (4000 font environ une page).',
    },
    errors: {
      name: { unique: 'Ce nom est déjà utilisé pour un environnement de ce projet' },
      productionMode: {
        exclusive: 'Le mode débogage de l’IA et le mode production ne peuvent pas être actifs en même temps',
      },
    },
    notifications: {
      deleted: 'Suppression demandée : l’environnement disparaît dans quelques secondes.',
    },
  },
  'audit-logs': {
    name: 'Journal d’audit |||| Journaux d’audit',
    fields: {
      id: 'Identifiant',
      createdAt: 'Date',
      actorName: 'Par',
      impersonatorName: 'Incarné par',
      byStaff: 'Équipe de la plateforme',
      action: 'Action',
      resource: 'Ressource',
      recordId: 'Enregistrement',
      changes: 'Modifications',
    },
    values: {
      action: { create: 'Création', update: 'Modification', delete: 'Suppression' },
    },
  },
  'access-keys': {
    name: 'Clé d’accès |||| Clés d’accès',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      prefix: 'Clé',
      secret: 'Secret',
      ownerName: 'Propriétaire',
      lastUsedAt: 'Dernière utilisation',
      createdAt: 'Créée le',
    },
    errors: {
      name: { unique: 'Cet environnement a déjà une clé de ce nom' },
    },
    notifications: {
      deleted: 'La clé est révoquée : les appels qui l’utilisent sont désormais refusés.',
    },
  },
  versions: {
    name: 'Version |||| Versions',
    fields: {
      id: 'Identifiant',
      projectId: 'Projet',
      environmentId: 'Environnement',
      environmentName: 'Nom de l’environnement',
      name: 'Nom',
      ownerName: 'Enregistrée par',
      createdAt: 'Date',
    },
    errors: {
      environmentId: { unknown: 'Cet environnement n’est pas dans ce projet' },
    },
  },
  analyses: {
    name: 'Analyse |||| Analyses',
    fields: {
      id: 'Identifiant',
      environmentId: 'Environnement',
      name: 'Nom',
      inputType: 'Entrée',
      status: 'Statut',
      filename: 'Nom du fichier',
      size: 'Taille',
      manualFinalStatus: 'Statut final manuel',
      error: 'Erreur',
      durationMs: 'Durée',
      createdAt: 'Créée le',
      startedAt: 'Commencée le',
      finishedAt: 'Terminée le',
      anonymizedAt: 'Anonymisée le',
    },
    values: {
      inputType: { file: 'Fichier', text: 'Texte', mail: 'Mail simulé' },
      status: {
        waiting: 'En attente',
        pending: 'En cours',
        processed: 'Traitée',
        error: 'En erreur',
        aborted: 'Interrompue',
      },
    },
  },
  ...nluResourcesFr,
  ...replyResourcesFr,
  ...testingResourcesFr,
} as const;
