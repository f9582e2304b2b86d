import { fillTemplate } from './detail-messages';

/**
 * A mail connector's problem (its health, a run's: server/integrations/mailboxes/imap.ts), by
 * code, in each language: the console says it on the connector's pages, the server in the mail
 * to the connector's creator. Templates are polyglot's (`%{name}`); an unknown code is said by the
 * server's English `message`.
 */
export const CONNECTOR_PROBLEM_WORDS = {
  en: {
    IMAP_AUTH_FAILED: 'The server refused the user name or the password of %{user}',
    IMAP_FOLDER_MISSING: 'The folder %{folder} does not exist on the server',
    IMAP_THROTTLED: 'The server asks to come back later',
    IMAP_HOST_UNKNOWN: 'The name %{host} is unknown',
    IMAP_CONNECTION_REFUSED: '%{host}:%{port} refused the connection',
    IMAP_TIMEOUT: '%{host}:%{port} did not answer in time',
    IMAP_HOST_INTERNAL:
      '%{host} is an internal address: the platform does not connect to it unless OUTBOUND_ALLOW names it',
    IMAP_TLS_FAILED: 'The secure connection (TLS) with %{host} failed',
    IMAP_CONNECTION_LOST: 'The connection to %{host} was lost',
    IMAP_NO_DRAFTS_FOLDER: 'The server has no Drafts folder: name one in the connector’s settings',
    IMAP_MESSAGE_GONE: 'The message is no longer in the folder %{folder}',
    SECRET_MISSING: 'The password is not set: edit the connector to give it',
    SECRETS_UNREADABLE:
      'The stored password cannot be read (the platform’s SECRETS_KEY changed): give the password again',
    RUN_INTERRUPTED: 'The worker running it stopped; the next run went on from where it was',
  },
  fr: {
    IMAP_AUTH_FAILED: 'Le serveur a refusé le nom d’utilisateur ou le mot de passe de %{user}',
    IMAP_FOLDER_MISSING: 'Le dossier %{folder} n’existe pas sur le serveur',
    IMAP_THROTTLED: 'Le serveur demande de revenir plus tard',
    IMAP_HOST_UNKNOWN: 'Le nom %{host} est inconnu',
    IMAP_CONNECTION_REFUSED: '%{host}:%{port} a refusé la connexion',
    IMAP_TIMEOUT: '%{host}:%{port} n’a pas répondu à temps',
    IMAP_HOST_INTERNAL:
      '%{host} est une adresse interne : la plateforme ne s’y connecte pas, sauf si OUTBOUND_ALLOW la nomme',
    IMAP_TLS_FAILED: 'La connexion sécurisée (TLS) avec %{host} a échoué',
    IMAP_CONNECTION_LOST: 'La connexion à %{host} a été perdue',
    IMAP_NO_DRAFTS_FOLDER:
      'Le serveur n’a pas de dossier Brouillons : nommez-en un dans les réglages du connecteur',
    IMAP_MESSAGE_GONE: 'Le message n’est plus dans le dossier %{folder}',
    SECRET_MISSING: 'Le mot de passe n’est pas défini : modifiez le connecteur pour le donner',
    SECRETS_UNREADABLE:
      'Le mot de passe enregistré est illisible (la SECRETS_KEY de la plateforme a changé) : donnez à nouveau le mot de passe',
    RUN_INTERRUPTED:
      'Le processus qui l’exécutait s’est arrêté ; l’exécution suivante a repris là où elle en était',
  },
} as const;

export type ConnectorProblemCode = keyof (typeof CONNECTOR_PROBLEM_WORDS)['en'];

/** A problem in `locale`: its words with its parameters, or its English message when the code is unknown. */
export const connectorProblemWords = (
  locale: keyof typeof CONNECTOR_PROBLEM_WORDS,
  problem: { code: string; message: string; params?: Record<string, string | number> },
) => {
  const words = (CONNECTOR_PROBLEM_WORDS[locale] as Record<string, string>)[problem.code];
  return words ? fillTemplate(words, problem.params) : problem.message;
};
