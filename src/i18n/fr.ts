/**
 * The console's French messages: the default and fallback language (spec platform-shell §1).
 * Keys live under `app.*`; react-admin's own (`ra.*`) come from ra-language-french. The toast and
 * test-colours messages sit beside their components and are merged in by the i18n provider.
 */
export const fr = {
  app: {
    product: 'Console',
    common: {
      loading: 'Chargement…',
      retry: 'Réessayer',
      goHome: 'Retour à l’accueil',
      backToLogin: 'Retour à la connexion',
    },
    routes: {
      login: 'Connexion',
      forgotPassword: 'Mot de passe oublié',
      resetPassword: 'Réinitialisation du mot de passe',
      profile: 'Profil',
      profilePassword: 'Changer de mot de passe',
      localStorageCleaner: 'LocalStorage Cleaner',
      testColours: 'Test des couleurs',
      home: 'Accueil',
      selfService: 'Mes cas d’usage',
      notFound: 'Page introuvable',
    },
    session: {
      connectionLost: 'Connexion perdue',
      loginAgain: 'Veuillez vous reconnecter.',
      signInToContinue: 'Connectez-vous pour accéder à cette page.',
      userLoadFailed: 'Impossible de charger votre compte',
    },
    login: {
      title: 'Connexion',
      username: 'Nom d’utilisateur',
      password: 'Mot de passe',
      next: 'Suivant',
      changeUsername: 'Changer',
      submit: 'Se connecter',
      signingIn: 'Connexion…',
      forgotPassword: 'Mot de passe oublié ?',
      errors: {
        crashed: 'Une erreur inattendue est survenue',
        usernameIncorrect: 'Le nom d’utilisateur est incorrect. Veuillez vérifier votre saisie.',
        passwordIncorrect: 'Le mot de passe est incorrect. Veuillez vérifier votre saisie.',
        generic: 'Une erreur est survenue. Veuillez réessayer plus tard.',
      },
    },
    forgotPassword: {
      title: 'Mot de passe oublié',
      intro:
        'Saisissez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
      email: 'Adresse e-mail',
      submit: 'Envoyer le lien',
      sent: 'Si un compte utilise cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
    },
    resetPassword: {
      title: 'Choisir un nouveau mot de passe',
      expiredTitle: 'Votre mot de passe a expiré',
      expiredIntro: 'Vous devez le changer avant de pouvoir vous connecter à nouveau.',
      invalidLink:
        'Ce lien de réinitialisation est invalide ou a expiré. Générez-en un nouveau ou contactez votre administrateur.',
      newLink: 'Générer un nouveau lien',
      submit: 'Enregistrer le mot de passe',
      success: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
      error: 'Votre mot de passe n’a pas pu être réinitialisé. Veuillez contacter votre administrateur.',
    },
    password: {
      current: 'Mot de passe actuel',
      new: 'Nouveau mot de passe',
      confirmation: 'Confirmation du mot de passe',
      mismatch: 'Les mots de passe ne sont pas identiques',
      rulesTitle: 'Règles du mot de passe',
      ruleMet: 'respectée',
      ruleNotMet: 'non respectée',
      rules: {
        minLength: 'Au moins %{count} caractères',
        digit: 'Au moins un chiffre',
        lowercase: 'Au moins une lettre minuscule',
        uppercase: 'Au moins une lettre majuscule',
        special: 'Au moins un caractère spécial',
      },
    },
    profile: {
      name: 'Nom',
      username: 'Nom d’utilisateur',
      email: 'E-mail',
      preferences: 'Préférences',
      language: 'Langue',
      languages: { fr: 'Français', en: 'English' },
      fontSize: 'Taille du texte',
      fontSizes: { small: 'Petite', medium: 'Moyenne', large: 'Grande' },
      darkMode: 'Mode sombre',
      legacyHome: 'Page d’accueil des projets IC',
      legacyHomeHelp: 'La page qu’ouvre un projet historique (IC).',
      legacyHomes: { analyses: 'Analyses', dashboard: 'Tableau de bord' },
      saved: 'Préférence enregistrée',
      saveFailed: 'La préférence n’a pas pu être enregistrée',
    },
    profilePassword: {
      submit: 'Changer le mot de passe',
      success: 'Votre mot de passe a été modifié.',
    },
    featureFlags: {
      title: 'Fonctionnalités expérimentales',
      intro: 'Ces réglages ne concernent que ce navigateur.',
      forcedOn: 'Toujours activée.',
      projectVersions: {
        label: 'Versions de projet',
        description: 'Enregistrer et restaurer des versions de la configuration.',
      },
      selfService: {
        label: 'Mode libre-service',
        description: 'L’espace libre-service et la bibliothèque de cas d’usage.',
      },
      taintsRouting: {
        label: 'Routage par marqueurs',
        description: 'Orienter les analyses selon les résultats des modules précédents.',
      },
      disableTestingCentreTab: {
        label: 'Masquer l’onglet du centre de test',
        description: 'Retire le centre de test de la navigation du projet.',
      },
      newAnalysesPage: {
        label: 'Nouvelle page des analyses',
        description: 'La liste des analyses repensée.',
      },
    },
    localStorageCleaner: {
      intro: 'Les valeurs que la console conserve dans ce navigateur. Supprimer le jeton vous déconnecte.',
      key: 'Clé',
      value: 'Valeur',
      actions: 'Actions',
      delete: 'Supprimer %{key}',
      clearAll: 'Tout effacer',
      empty: 'Aucune valeur enregistrée.',
      confirmTitle: 'Tout effacer ?',
      confirmContent: 'Toutes les valeurs seront supprimées de ce navigateur et vous serez déconnecté.',
    },
    organisation: {
      contractStart: 'Début du contrat',
      yearlyQuota: 'Quota annuel d’analyses',
      noQuota: 'Non défini',
      projects: 'Projets',
      noProjects: 'Aucun projet dans cette organisation.',
    },
    project: {
      type: 'Type',
      types: { nlu: 'NLU', ic: 'IC (historique)' },
      notes: 'Notes',
      noNotes: 'Aucune note',
      createdAt: 'Créé le',
      environments: 'Environnements',
      noEnvironments: 'Aucun environnement dans ce projet.',
    },
    environment: {
      visibility: 'Visibilité',
      visibilities: { public: 'Public', hidden: 'Masqué' },
      createdAt: 'Créé le',
    },
    selfService: {
      title: 'Mes cas d’usage',
      noUseCases: 'Aucun cas d’usage pour le moment.',
    },
    menu: {
      account: 'Compte',
      home: 'Accueil',
      profile: 'Profil',
      changePassword: 'Changer de mot de passe',
      localStorageCleaner: 'LocalStorage Cleaner',
      logout: 'Se déconnecter',
      environments: 'Environnements',
      backToProject: 'Retour au projet',
      useCases: 'Cas d’usage',
    },
    layouts: {
      breadcrumb: 'Fil d’Ariane',
      selfService: 'Libre-service',
      organisationMenu: 'Menu de l’organisation',
      projectMenu: 'Menu du projet',
      environmentMenu: 'Menu de l’environnement',
      testingCentreMenu: 'Menu du centre de test',
      selfServiceMenu: 'Menu du libre-service',
    },
    errors: {
      accessDenied: 'Accès refusé',
      accessDeniedHint: 'Votre rôle ne donne pas accès à cette page.',
      notFound: 'Page introuvable',
      notFoundHint: 'Cette adresse ne correspond à aucune page de la console.',
    },
  },
} as const;

/** The same tree with any strings: the shape every other language must have, no more, no less. */
export type Messages<T = typeof fr> = {
  -readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]>;
};
