import { CONNECTOR_PROBLEM_WORDS } from '../../../schemas/connector-problems';
import type { Messages } from '../fr';
import type { integrationsFr } from './fr';

/** Messages of the integrations page: the mail connectors, their wizard, detail and runs, English. */
export const integrationsEn: Messages<typeof integrationsFr> = {
  intro:
    'A connector reads a mailbox every minute: each new mail becomes an analysis, once, and what the analysis found can be written back to the mailbox (labels on the message, a reply draft).',
  empty:
    'No connector yet. Connect a mailbox (IMAP, Exchange through Microsoft 365, or Gmail) to analyse its mail as it arrives, without sending it to the API yourself.',
  new: 'New connector',
  list: 'Connectors',
  open: 'Open the connector %{name}',
  appTypes: { imap: 'IMAP', exchange: 'Exchange (Microsoft 365)', gmail: 'Gmail' },
  columns: {
    name: 'Name',
    appType: 'App type',
    active: 'State',
    health: 'Health',
    lastExecutionAt: 'Last execution',
    messages: 'Messages fetched',
    rateLimitedUntil: 'Rate limited until',
    tokenExpiresAt: 'Token expiry',
  },
  active: 'Active',
  inactive: 'Inactive',
  health: { unknown: 'Not checked', healthy: 'Healthy', unhealthy: 'Unhealthy' },
  // A Gmail connector's grant (spec platform-shell §6 "Gmail integration states").
  authorizations: {
    notConfigured: 'Not configured',
    configuring: 'Waiting for Google',
    configured: 'Connected',
    reauthorize: 'Authorize again',
  },
  wizard: {
    title: 'New connector',
    steps: { general: 'General information', authorize: 'Authorize' },
    next: 'Next',
    back: 'Back',
    created: 'Connector created, not active yet',
    authorizeIntro: {
      imap: 'The platform will now sign in to the mailbox %{user} on %{host} and open the folder %{folder}. If it can, the connector is activated: from then on it brings in the new mail every minute.',
      exchange:
        'The platform will now get a token from Microsoft Entra ID for the tenant %{tenant} and open the inbox of %{user}. If it can, the connector is activated: from then on it brings in the new mail every minute.',
      gmail:
        'Google will now ask the user of the mailbox %{user} to let the platform read and label its mail and write drafts: on the page that opens, sign in to Google as that user and give access. The connector can then be checked and activated: from then on it brings in the new mail every minute.',
    },
    authorizeWithGoogle: 'Authorize with Google',
    finishLater: 'Finish later',
    checkAndActivate: 'Check and activate',
    checking: 'Signing in to the mailbox…',
    retry: 'Retry',
    fixSettings: 'Fix the settings',
    later: 'Activate later',
    activated: 'Connector activated: the mailbox answered',
  },
  form: {
    name: 'Name',
    appType: 'App type',
    host: 'Server',
    hostHelp: 'The IMAP server’s name, such as imap.example.org',
    port: 'Port',
    security: 'Security',
    securities: {
      tls: 'TLS (port 993)',
      starttls: 'STARTTLS (port 143)',
      none: 'None: unencrypted, for a local server only',
    },
    username: 'User name',
    password: 'Password',
    newPassword: 'Change the password',
    newPasswordHelp: 'Leave empty to keep the stored password.',
    clientId: 'Application (client) id',
    clientIdHelp:
      'Of the app registration in Microsoft Entra ID. It needs the application permission Mail.ReadWrite (Microsoft Graph), granted by an administrator (admin consent).',
    tenantId: 'Directory (tenant) id',
    tenantIdHelp: 'The tenant’s id, or its domain name such as contoso.onmicrosoft.com',
    clientSecret: 'Client secret',
    newClientSecret: 'Change the client secret',
    newClientSecretHelp: 'Leave empty to keep the stored client secret.',
    userEmail: 'User email',
    userEmailHelp: 'The mailbox read: its inbox',
    userEmailInvalid: 'An email address, such as ana@example.org',
    gmailUser: 'Gmail address',
    gmailUserHelp: 'The mailbox read (its inbox). Google’s access must be given by this account.',
    customCredentials: 'Use our own Google OAuth client',
    customCredentialsOff: 'The platform’s OAuth client asks Google for access.',
    customCredentialsOn:
      'Your OAuth client (a web application in the Google Cloud console, the Gmail API enabled) asks Google for access.',
    gmailClientId: 'OAuth client id',
    gmailClientIdHelp: 'Such as 1234567890-abc.apps.googleusercontent.com',
    redirectUri: 'Redirect URI',
    redirectUriHelp: 'It must be registered on the OAuth client as an authorised redirect URI.',
    redirectUriInvalid:
      'An http or https address, such as https://console.example.org/integrations/gmail/callback',
    folder: 'Folder',
    folderHelp: 'The folder read for new mail',
    draftsFolder: 'Drafts folder',
    draftsFolderHelp: 'Where reply drafts are written; empty: the folder the server marks as Drafts',
    startDate: 'Start date',
    startDateHelp:
      'The mail received from this date on is brought in (empty: 24 hours ago). It cannot be more than 24 hours before now.',
    blacklist: 'Blacklisted emails or domains',
    blacklistHelp: 'One address (ana@example.org) or domain (example.org) per line: their mail is skipped.',
    blacklistInvalid: 'Not an address or a domain: %{entries}',
    blacklistTooMany: 'At most %{max} entries',
    postProcessors: 'Written back to the mailbox',
    postProcessorNames: {
      LABEL: 'Label the message with its categories',
      LABEL_PJ: 'Label with the attachments’ categories',
      DRAFT: 'Write the reply draft',
      METADATA: 'Label with the extracted data',
    },
    outlookCategories: 'Labels are written as Outlook categories on the message.',
    gmailLabels: 'Labels are written as Gmail labels on the message.',
    labelMode: 'Write the labels',
    labelModes: { keyword: 'As keywords on the message', folder: 'As copies in a folder per label' },
    labelModeHelp: {
      keyword: 'IMAP keywords (accents dropped, spaces as _), which Thunderbird or Apple Mail show as tags',
      folder:
        'The message is copied into a folder named after each label, made when missing: for mail clients that show no keywords',
    },
    noPostProcessor: 'Nothing is written back: the mail is analysed and the mailbox stays as it is.',
    expectConsolidation: 'Expect consolidation',
    expectConsolidationHelp:
      'Nothing is written back until the consolidation gives the analysis its final status.',
    required: 'Required',
    portInvalid: 'A whole number from 1 to 65535',
    tooLong: 'At most %{max} characters',
    fix: 'Some fields need attention.',
  },
  detail: {
    back: 'All connectors',
    sections: {
      general: 'General information',
      input: 'Input fields',
      output: 'Output fields',
      advanced: 'Advanced settings',
    },
    owner: 'Owner',
    createdAt: 'Created',
    password: 'Password',
    clientSecret: 'Client secret',
    secretSet: 'Set (hidden)',
    secretMissing: 'Not set',
    authorization: 'Google authorization',
    customCredentials: 'Own Google OAuth client',
    authorize: 'Authorize',
    reauthorize: 'Reauthorize',
    defaultStartDate: '24 hours before its creation',
    defaultDrafts: 'The folder the server marks as Drafts',
    none: 'None',
    yes: 'Yes',
    no: 'No',
    failingSince: 'Failing since',
    pendingWriteBacks: 'Waiting for their write-back',
    problem: 'Problem',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Connector saved',
    activeSwitch: 'Active',
    activated: 'Connector activated: the mailbox answered',
    deactivated: 'Connector deactivated: it no longer reads the mailbox',
    delete: 'Delete',
    deleteTitle: 'Delete the connector %{name}?',
    deleteContent:
      'It stops reading the mailbox and its runs log is deleted. The analyses it brought in stay.',
    deleted: 'Connector deleted',
    healthcheck: 'Healthcheck',
    inbox: 'Inbox',
    healthOk:
      'The mailbox answered in %{ms} ms: %{smart_count} message in %{folder}. |||| The mailbox answered in %{ms} ms: %{smart_count} messages in %{folder}.',
    healthFailed: 'The mailbox could not be reached: %{reason}',
  },
  // A Gmail connector's authorization, in the wizard and the detail (%{user}: its mailbox).
  gmail: {
    waiting: 'Waiting for Google…',
    openLink: 'If no page opened, open this link',
    authorized: 'Google gave the platform access to the mailbox %{user}.',
    notGiven: 'Google gave no access to the mailbox %{user}: authorize again.',
    notConfigured:
      'Google has not given access to the mailbox %{user} yet: authorize the connector to connect it.',
    reauthorizeNeeded:
      'Google no longer gives access to the mailbox %{user} (the access was withdrawn, or the OAuth client changed): authorize again.',
  },
  // The page Google sends the user back to (/integrations/gmail/callback).
  gmailCallback: {
    pending: 'Connecting Gmail…',
    successTitle: 'Gmail connected',
    success:
      'Google gave the platform access to the mailbox %{user}. Check and activate the connector %{name} from its page.',
    successActive:
      'Google gave the platform access to the mailbox %{user} again: the connector %{name} goes on reading it.',
    openConnector: 'Open the connector',
    deniedTitle: 'Access refused',
    failedTitle: 'Gmail not connected',
    home: 'Back to the home page',
    failures: {
      OAUTH_DENIED:
        'You refused access to the mailbox: nothing was connected. To connect it, authorize again from the connector.',
      OAUTH_STATE_INVALID:
        'This authorization link expired or was already used (it is valid 10 minutes, once, for the user who asked for it). Authorize again from the connector.',
      OAUTH_CODE_REJECTED:
        'Google refused the authorization it had just given (it may have expired, or the OAuth client changed). Authorize again from the connector.',
      OAUTH_WRONG_ACCOUNT:
        'Google was signed in with another account than the connector’s mailbox: nothing was connected. Authorize again from the connector, signed in to Google as the mailbox’s user.',
    },
  },
  runs: {
    title: 'Runs',
    none: 'No run yet.',
    manual: 'Manual run',
    columns: {
      kind: 'Kind',
      state: 'State',
      createdAt: 'Created',
      startedAt: 'Started',
      finishedAt: 'Finished',
      found: 'Found',
      fetched: 'Fetched',
      duplicates: 'Duplicates',
      blacklisted: 'Blacklisted',
      tooLarge: 'Too large',
      writtenBack: 'Written back',
      problem: 'Problem',
    },
    kinds: { scheduled: 'Scheduled', manual: 'Manual' },
    states: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' },
    dialog: {
      intro:
        'Brings in the mail received between the two dates, on top of the scheduled runs. Mail already brought in is skipped unless you force duplicates.',
      fromDate: 'From',
      toDate: 'To',
      toDateHelp: 'Empty: until now',
      toBeforeFrom: 'Must be after the from date',
      forceDuplicates: 'Force duplicates',
      forceDuplicatesHelp: 'Mail already brought in is analysed again, as new analyses.',
      run: 'Run',
      queued: 'Run queued: its progress shows in the runs below',
    },
  },
  // A connector's problem (its health, a run's), by code (server/integrations/mailboxes); an
  // unknown code shows the server's English sentence.
  problems: CONNECTOR_PROBLEM_WORDS.en,
};
