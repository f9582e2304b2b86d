/**
 * Every code the server can answer an error with (`{ message, code, params?, details? }`, DESIGN.md
 * §5), and every failure code it records on a webhook delivery. One list for the server and the
 * console: `ClientError` only takes a registered code (the type check fails on any other), and the
 * console says each one in the user's language (`src/i18n/errorCodes.ts`; a test fails when one has no
 * fr or en text). `message` stays English, for API clients; what the console needs of its variable
 * parts travels as `params`. docs/decisions/console-error-codes.md.
 */
export const ERROR_CODES = [
  // Any route: the request itself.
  'BAD_REQUEST',
  'MALFORMED_JSON',
  'EMPTY_BODY',
  'BODY_TOO_LARGE',
  'MALFORMED_MULTIPART',
  'FORM_FIELD_TOO_LARGE',
  'FORM_TOO_MANY_PARTS',
  'FORM_TOO_MANY_FILES',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_CONTENT_LENGTH',
  'VALIDATION_FAILED',
  'INVALID_CHARACTER',
  'JSON_TOO_DEEP',
  'INVALID_LIST_QUERY',
  'INVALID_PERIOD',
  'INVALID_TIME_ZONE',
  'DASHBOARDS_DISABLED',
  'METHOD_NOT_ALLOWED',
  'NOT_FOUND',
  'FORBIDDEN',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
  'STORAGE_FULL',
  // Identity: sign-in, passwords, invitations, switching user.
  'UNAUTHENTICATED',
  'CREDENTIALS_INCORRECT',
  'PASSWORD_EXPIRED',
  'PASSWORD_INCORRECT',
  'CURRENT_PASSWORD_INCORRECT',
  'PASSWORD_POLICY',
  'TOO_MANY_ATTEMPTS',
  'RESET_LINK_INVALID',
  'INVITATION_INVALID',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  'LAST_ADMIN',
  'MEMBER_ACCOUNT_SHARED',
  'SWITCH_FORBIDDEN',
  'SWITCH_UNKNOWN_USER',
  // Names unique in their scope (resource schemas' `x-admin.unique`).
  'ACCESS_KEY_NAME_TAKEN',
  'ARCHETYPE_EXISTS',
  'CATEGORY_EXISTS',
  'CONTEXT_EXISTS',
  'DOMAIN_MODULE_NAME_TAKEN',
  'ENV_NAME_TAKEN',
  'FIELD_EXISTS',
  'FUNCTION_EXISTS',
  'INTERACTION_EXISTS',
  'SERVER_EXISTS',
  'TEMPLATE_EXISTS',
  // Projects, environments and their configuration.
  'PROJECT_HAS_PRIORITY_ENVIRONMENTS',
  'INVALID_CONFIGURATION',
  'CONFIGURATION_IN_USE',
  'DOMAIN_MODULE_IN_USE',
  'MODULE_ACTIVE',
  'NO_MODULE_SETTINGS',
  'NLU_CONFIGURATION',
  'NLU_TIME_LIMIT',
  'NLU_VERDICTS_MISMATCH',
  'NOT_LABELLING',
  // Mail connectors (server/integrations/mailboxes): a check of the mailbox failed; no key to seal secrets.
  'CONNECTOR_CHECK_FAILED',
  'SECRETS_KEY_MISSING',
  'OAUTH_STATE_INVALID',
  'OAUTH_DENIED',
  'OAUTH_CODE_REJECTED',
  'OAUTH_WRONG_ACCOUNT',
  'GOOGLE_CREDENTIALS_MISSING',
  'NLU_TEST_NEEDS_SERVER',
  'UNKNOWN_SERVER',
  'CATEGORISATION_TEST_FAILED',
  'EXTRACTION_TEST_FAILED',
  'REPLY_TEST_FAILED',
  // Files and the extractor.
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'EXTRACTION_FAILED',
  'EXTRACTION_TIMEOUT',
  'EXTRACTOR_DISABLED',
  'OCR_DATA_DISABLED',
  'OCR_DATA_NO_FIELD',
  // Analyses.
  'RATE_LIMITED',
  'BAD_IDEMPOTENCY_KEY',
  'ANALYSIS_NOT_FOUND',
  'ANALYSIS_ALREADY_PROCESSING',
  'ANALYSIS_ANONYMIZED',
  'ANALYSIS_FINISHED',
  'ANALYSIS_NOT_READY',
  'NO_MANUAL_FINAL_STATUS',
  'ORIGINAL_MISSING',
  // Testing centre.
  'TEST_NOT_FOUND',
  'TEST_RUNNING',
  'TEST_TAG_EMPTY',
  'TEST_ENVIRONMENT_UNKNOWN',
  'MESSAGE_NOT_FOUND',
  'CLASSIFICATION_EXISTS',
  'ATTACHMENT_LABELS_NEED_BODY',
  'RENAME_EMPTY_NAME',
  'RENAME_TOO_LONG',
  'SAMPLING_NO_FILTER',
  'SAMPLING_BAD_ID',
  'SAMPLING_TOO_MANY',
  'TAG_NOT_FOUND',
  'TAG_NOT_OWNER',
  'IMPACT_ADVANCED_CATEGORISATION',
  // Webhooks and their deliveries (a delivery's `errorCode`).
  'WEBHOOK_INACTIVE',
  'DELIVERY_IN_PROGRESS',
  'DELIVERY_TIMEOUT',
  'DELIVERY_HTTP_ERROR',
  'DELIVERY_ANSWER_TOO_LARGE',
  'DELIVERY_UNREACHABLE',
  'DELIVERY_REFUSED_ADDRESS',
  'DELIVERY_FAILED',
  // Alerts.
  'ALERT_ENABLED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/**
 * What a NOT_FOUND names (`params.what`): a resource (its schema `$id`) or one of the other things
 * a route looks up. The English message is `<What> not found` unless the route says more.
 */
export const NOT_FOUND_SUBJECTS = [
  'access-key',
  'alert',
  'alert-firing',
  'analysis',
  'archetype',
  'audit-log',
  'bank-message',
  'category',
  'connector',
  'connector-run',
  'classification',
  'domain-module',
  'domain-rule',
  'environment',
  'extraction-field',
  'interaction',
  'interaction-function',
  'invitation',
  'member',
  'module',
  'nlu-context',
  'nlu-server',
  'organisation',
  'project',
  'reply-template',
  'route',
  'server',
  'session',
  'template',
  'test-run',
  'version',
  'webhook',
  'webhook-delivery',
] as const;

export type NotFoundSubject = (typeof NOT_FOUND_SUBJECTS)[number];

/** Why a FORBIDDEN (`params.reason`); `project` and `everyProject` also send the `level` needed. */
export const FORBIDDEN_REASONS = ['staff', 'orgAdmin', 'everyProject', 'project'] as const;
export type ForbiddenReason = (typeof FORBIDDEN_REASONS)[number];

/** The project levels a FORBIDDEN may name (`params.level`). */
export const FORBIDDEN_LEVELS = ['cockpit', 'qualifier', 'configurator'] as const;
export type ForbiddenLevel = (typeof FORBIDDEN_LEVELS)[number];
