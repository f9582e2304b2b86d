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
    SECRET_MISSING: 'Its password or client secret is not set: edit the connector to give it',
    SECRETS_UNREADABLE:
      'Its stored password or client secret cannot be read (the platform’s SECRETS_KEY changed): give it again',
    RUN_INTERRUPTED: 'The worker running it stopped; the next run went on from where it was',
    GRAPH_TENANT_UNKNOWN: 'Microsoft does not know the tenant %{tenant}',
    GRAPH_APP_UNKNOWN: 'The application %{client} is not registered in the tenant %{tenant}',
    GRAPH_AUTH_FAILED: 'Microsoft refused the client id or the client secret (expired, or mistyped)',
    GRAPH_UNREACHABLE: 'Microsoft could not be reached',
    GRAPH_THROTTLED: 'Microsoft Graph asks to wait %{seconds} s before the next request',
    GRAPH_FORBIDDEN:
      'The application may not read the mailbox %{user}: an administrator must grant it the Mail.ReadWrite application permission',
    GRAPH_USER_UNKNOWN: 'The mailbox %{user} does not exist in the tenant',
    GRAPH_REQUEST_FAILED: 'Microsoft Graph answered an error (%{status} %{code})',
    GRAPH_MESSAGE_GONE: 'The message is no longer in the mailbox',
    GMAIL_AUTH_FAILED: 'Google refused the OAuth client of %{user}: check its id and secret',
    GMAIL_REAUTHORIZE: 'Google no longer honours the access given for %{user}: authorize the connector again',
    GMAIL_THROTTLED: 'Gmail asks to wait %{seconds} s before the next request',
    GMAIL_FORBIDDEN: 'Gmail refused access to the mailbox %{user}',
    GMAIL_UNREACHABLE: 'Google could not be reached',
    GMAIL_REQUEST_FAILED: 'The Gmail API answered an error (%{status} %{code})',
    GMAIL_MESSAGE_GONE: 'The message is no longer in the mailbox',
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
    SECRET_MISSING:
      'Son mot de passe ou secret client n’est pas défini : modifiez le connecteur pour le donner',
    SECRETS_UNREADABLE:
      'Son mot de passe ou secret client enregistré est illisible (la SECRETS_KEY de la plateforme a changé) : donnez-le à nouveau',
    RUN_INTERRUPTED:
      'Le processus qui l’exécutait s’est arrêté ; l’exécution suivante a repris là où elle en était',
    GRAPH_TENANT_UNKNOWN: 'Microsoft ne connaît pas le locataire %{tenant}',
    GRAPH_APP_UNKNOWN: 'L’application %{client} n’est pas inscrite dans le locataire %{tenant}',
    GRAPH_AUTH_FAILED: 'Microsoft a refusé l’identifiant ou le secret client (expiré, ou mal saisi)',
    GRAPH_UNREACHABLE: 'Microsoft est injoignable',
    GRAPH_THROTTLED: 'Microsoft Graph demande d’attendre %{seconds} s avant la requête suivante',
    GRAPH_FORBIDDEN:
      'L’application ne peut pas lire la boîte %{user} : un administrateur doit lui accorder l’autorisation d’application Mail.ReadWrite',
    GRAPH_USER_UNKNOWN: 'La boîte %{user} n’existe pas dans le locataire',
    GRAPH_REQUEST_FAILED: 'Microsoft Graph a répondu une erreur (%{status} %{code})',
    GRAPH_MESSAGE_GONE: 'Le message n’est plus dans la boîte',
    GMAIL_AUTH_FAILED: 'Google a refusé le client OAuth de %{user} : vérifiez son identifiant et son secret',
    GMAIL_REAUTHORIZE: 'Google n’honore plus l’accès donné pour %{user} : autorisez à nouveau le connecteur',
    GMAIL_THROTTLED: 'Gmail demande d’attendre %{seconds} s avant la requête suivante',
    GMAIL_FORBIDDEN: 'Gmail a refusé l’accès à la boîte %{user}',
    GMAIL_UNREACHABLE: 'Google est injoignable',
    GMAIL_REQUEST_FAILED: 'L’API Gmail a répondu une erreur (%{status} %{code})',
    GMAIL_MESSAGE_GONE: 'Le message n’est plus dans la boîte',
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
