/**
 * What a refused save says about one field (`details[]` of a 400 or 409, DESIGN.md §5), by code
 * (docs/decisions/console-field-problems-by-code.md). The server answers each detail as `{ path,
 * message, code, params }`: `message` the English sentence below with its parameters (API clients
 * read it, unchanged), `code` and `params` what the console says in the user's language under the
 * field (`src/i18n/details`). The English below is both the server's sentence and the console's
 * English catalogue, so the two cannot drift. Templates are polyglot's: `%{name}` is a parameter.
 *
 * `fieldProblem(path, code, params)` takes exactly the parameters its template names: the type
 * check fails on a missing or unknown one.
 */
export const DETAIL_MESSAGES_EN = {
  // NLU entities (server/configuration/save-rules.ts)
  builtinArchetypeName: "'%{name}' is a built-in archetype: choose another name",
  termWithoutLetter: 'A term needs at least one letter or digit',
  subArchetypeUnknown: "The sub-archetype '%{name}' does not exist",
  subArchetypeCycle: "These sub-archetypes lead back to '%{name}': cycles are refused",
  archetypeUnknown: "The archetype '%{name}' does not exist",
  parameterPositionTwice: 'Two parameters have position %{position}',
  parameterNameTwice: "Two parameters are named '%{name}'",
  parametersNone: 'An interaction needs at least one parameter',
  parametersAllOptional: 'At least one parameter must be required',
  contextUnknown: "The context '%{name}' does not exist",
  functionUnknown: "The function '%{name}' does not exist",
  distanceNeedsVersion:
    "Setting the distance needs NLU version 4.12 or above; the server '%{server}' runs %{version}: end the interaction's name with [distance=%{distance}] instead",
  versionDropsDistance:
    "The interaction '%{interaction}' sets a distance, which %{version} cannot read (it needs NLU 4.12 or above): keep the server at 4.12 or above, or remove the interaction's distance first",
  distanceInName:
    'The distance a name ends with ([distance=N]) is a whole number of tokens up to 10000, or -1 for no limit',
  functionNeedsField: '%{function} needs this field',
  interactionUnknown: "The interaction '%{name}' does not exist",
  // A regular expression refused (server/pipeline/nlu/regex-safety.ts); `detail` is the parser's words
  regexEmpty: 'The expression is empty: it would match at every position of every text.',
  regexTooLong: "'%{source}' is refused: it is %{length} characters long, and at most 1,000 are allowed.",
  regexFlagScan:
    "'%{source}' is refused: the flag '%{flag}' is not allowed, because the engine adds 'g' and 'y' itself when it scans a text. Use only i, u, s and m.",
  regexFlagUnknown: "'%{source}' is refused: the flag '%{flag}' is not allowed. Use only i, u, s and m.",
  regexFlagTwice: "'%{source}' is refused: the flag '%{flag}' is given twice.",
  regexInvalid: "'%{source}' is refused: it is not a valid regular expression (%{detail}).",
  regexEngine: "'%{source}' is refused: this server's JavaScript engine does not accept it (%{detail}).",
  regexNestedRepeated:
    "'%{source}' is refused: the quantifier '%{quantifier}' repeats a group that is itself repeated ('%{inner}'), which can take exponential time on some texts. Rewrite it without nested repetition.",
  regexNestedContains:
    "'%{source}' is refused: the quantifier '%{quantifier}' repeats a group that contains a repetition ('%{inner}'), which can take exponential time on some texts. Rewrite it without nested repetition.",
  regexBranches:
    "'%{source}' is refused: the quantifier '%{quantifier}' repeats a choice whose branches '%{first}' and '%{second}' can both start with %{char}, which can take exponential time on some texts. Make the branches start with different characters.",
  regexBranchesSameChar:
    "'%{source}' is refused: the quantifier '%{quantifier}' repeats a choice whose branches '%{first}' and '%{second}' can both start with the same character, which can take exponential time on some texts. Make the branches start with different characters.",
  regexAdjacent:
    "'%{source}' is refused: '%{first}' can be directly followed by '%{second}' and both can match %{char}, which can take polynomial time on texts where the match fails. Merge them into one quantifier.",
  regexAdjacentSameChar:
    "'%{source}' is refused: '%{first}' can be directly followed by '%{second}' and both can match the same character, which can take polynomial time on texts where the match fails. Merge them into one quantifier.",
  regexMatchesEmpty:
    "'%{source}' is refused: it matches the empty string, so it would match at every position of every text. Make at least one character required.",
  // The NLU configuration compiler (server/pipeline/nlu/compile.ts): what keeps a server from starting.
  // `reason` is itself a coded problem (below, or a regex* one), said first.
  nluArchetypeNoName: 'An archetype has no name',
  nluArchetype: "Archetype '%{archetype}': %{reason}",
  nluInteraction: "Interaction '%{interaction}': %{reason}",
  nluFunction: "Interaction function '%{function}': %{reason}",
  nluServerContextUnknown: "Server '%{server}': the context '%{name}' does not exist",
  nluSubArchetypeUnknown: "the sub-archetype '%{name}' does not exist",
  nluSubArchetypeCycle: 'its sub-archetypes form a cycle (%{cycle})',
  nluNameTaken: 'this name is already taken (built-in archetypes are named %{builtins})',
  nluTermWithoutLetter: "the term '%{term}' has no letter or digit to match",
  nluDistanceInvalid: 'the distance must be a whole number of tokens, or -1 for no limit (got %{distance})',
  nluDistanceInName: 'the distance its name ends with must be a whole number of tokens up to %{max}, or -1',
  nluNoParameter: 'it has no parameter',
  nluAllOptional: 'every parameter is optional: at least one must be required',
  nluParameterNoName: 'parameter %{position} has no name',
  nluParameterNoArchetype: "parameter '%{name}' has no archetype",
  nluParameterArchetypeUnknown: "parameter '%{name}': the archetype '%{archetype}' does not exist",
  nluFunctionUnknown: "the interaction function '%{name}' does not exist",
  nluFunctionNotInCatalogue: "'%{name}' is not a function of the catalogue",
  nluFunctionFieldRequired: "'%{field}' is required by %{function}",
  nluFunctionInteractionUnknown: "%{field}: the interaction '%{name}' does not exist",
  // Categories and the categorization's input type (server/pipeline/categorisation/input-types.ts)
  ruleNameTwice: "Two rules of this category are named '%{name}'",
  attachmentCategoryForText: "Category '%{category}' is for attachments, which pasted text never has",
  ruleReadsHeadersDocument:
    "Rule '%{rule}' of category '%{category}' reads mail headers: a categorization reading documents never gets any",
  ruleReadsHeadersText:
    "Rule '%{rule}' of category '%{category}' reads mail headers: a categorization reading pasted text never gets any",
  // Reply templates (server/configuration/reply-template-rules.ts, server/templates/problems.ts);
  // `detail` is the template engine's own sentence, kept as a technical detail
  templateSyntax: 'Line %{line}: %{detail}',
  templateFilterUnknown: "Line %{line}: the filter '%{name}' does not exist",
  templateIncludesItself: 'Line %{line}: the template cannot include itself',
  templateIncludeUnknown: "Line %{line}: the included template '%{name}' does not exist",
  templateIncludeCycle: 'Templates cannot include themselves, directly or through another template: %{cycle}',
  // The advanced categorisation template and the post-processing's (server/environments/table.ts,
  // server/pipeline/post-processing/check.ts): they render alone, so they include nothing
  advancedCategorisationInclude:
    "Line %{line}: the advanced categorisation cannot include a template ('%{name}')",
  postProcessingInclude: "Line %{line}: a rule cannot include a template ('%{name}')",
  postProcessingConditionNotExpression: 'a condition is one expression, without tags or text around it',
  secondDefaultTemplate:
    "'%{name}' is already the default template: one template per environment is the default",
  // Module settings (schemas/vision.ts, ocr-data.ts, post-processing.ts, consolidation.ts), as an
  // import refuses them (server/environments/table.ts settingsProblems): a key of the vision
  // engine, of the OCR data extraction or of a post-processing rule; an OCR data field; the workflow.
  // `reason` (settingsPatternRefused) is the pattern's refusal by code (a regex* one), said first.
  settingsKeyInvalid: "'%{key}' is not a valid key: a letter, then letters, digits or _ (64 at most)",
  settingsKeyTwice: "The key '%{key}' is declared twice",
  settingsAnchorRequired: "The field '%{key}' needs at least one anchor label",
  settingsPatternRefused: "The pattern of the field '%{key}' cannot be used: %{reason}",
  settingsWorkflowIdInvalid: "'%{workflowId}' is not a workflow id: letters, digits, - and _ (128 at most)",
  // An imported configuration's own refusals (server/environments/configuration.ts checkConfiguration),
  // said after the path they are about: the document, its format and version, its entity lists and
  // ids, a name twice in one kind (`rule`: the kind's own rule, below), a name it does not hold.
  configNotObject: 'is not a JSON object',
  configFormat: "must be '%{format}' (an exported environment configuration)",
  configVersion: '%{version} is not a version this platform reads (%{expected})',
  configMustBeObject: 'must be an object',
  configEntitiesNotObject: 'must be an object of entity lists',
  configKindUnknown: 'is not a kind of entity this platform knows',
  configMustBeList: 'must be a list',
  configIdRequired: 'is required',
  configIdTwice: 'is used twice',
  configSameAs: '%{rule} (entity %{entity} has the same)',
  configArchetypeMissing: "names the archetype '%{name}', which this configuration does not hold",
  configFunctionMissing: "names the interaction function '%{name}', which this configuration does not hold",
  configContextMissing: "names the context '%{name}', which this configuration does not hold",
  configCategoryMissing: "names the category '%{name}', which this configuration does not hold",
  // The unique names of the configuration's kinds (the schemas' `x-admin.unique` messages), as a
  // configSameAs `rule`
  uniqueArchetype: 'An archetype of this name already exists',
  uniqueCategory: 'A category of this name already exists',
  uniqueField: 'A field of this name already exists',
  uniqueFunction: 'A function of this name already exists',
  uniqueInteraction: 'An interaction of this name already exists',
  uniqueContext: 'A context of this name already exists',
  uniqueServer: 'A server of this name already exists',
  uniqueTemplate: 'A template of this name already exists',
  // An environment's settings (server/environments/table.ts), spec §4
  modesExclusive: 'AI debug mode and production mode cannot be active at the same time',
  // The testing centre (server/testing: domain-rules.ts, batch.ts, campaign.ts; a tag typed in
  // server/testing/routes.ts). `kind` is a classification kind, `type` a domain module type
  // (their identifiers, as the English says them); `rules` the domain rules' names, quoted.
  testTagInvalid: "'%{tag}' is not a tag (letters, digits and - _ . : / only)",
  testTagEmpty: "No message of the bank carries the tag '%{tag}'",
  testEnvironmentOutside: 'The environment is not one of this project',
  attachmentLabelsNeedBody: 'A message that expects attachment categories needs its body categories too',
  attachmentLabelsNeedBodyIn:
    "The message '%{name}' would expect attachment categories without body categories: give it its body categories first",
  testClassificationExists: "The classification '%{name}' already exists",
  // A classification's value type (server/testing/classifications.ts): `name` the classification's
  // name, `value` the value as typed, `count` the bank's messages whose values are not of the type
  classificationNotNumber: "'%{value}' is not a number, and '%{name}' takes numbers",
  classificationNotBoolean: "'%{value}' is not yes or no, and '%{name}' takes yes or no",
  classificationNotObject: "'%{value}' is not a JSON object, and '%{name}' takes objects",
  classificationCategoryType: 'A category has no value: its value type stays text',
  classificationValuesOfOtherType:
    "The message '%{message}' expects '%{value}' for '%{name}', which is not of this type (messages to correct: %{count})",
  testRenameTooLong: "The new name of '%{name}' would be longer than %{max} characters",
  testRenameEmpty: "The new name of '%{name}' would be empty",
  domainRuleUnknown: "No categorisation rule of this project is called '%{name}'",
  domainModuleChoose: 'Choose a domain module of this project',
  domainModuleGivesNo: "The module '%{domainModule}' gives no %{kind}: choose a %{type} module",
  domainKindWithoutModule: 'No module gives %{kind} yet',
  domainEnvironmentChoose: 'Choose an environment of this project',
  domainEnvironmentTwice: 'This environment already has a priority in this rule',
  domainModuleNeededByRules: "The domain rules %{rules} need this module's %{kind}: change them first",
  // An outbound address refused at save (server/kernel/outbound.ts urlRefusalProblem): a webhook's
  // URL, the LLM settings' base URL
  urlInternal:
    '%{host} is an internal address: the platform does not send to it unless OUTBOUND_ALLOW names it',
  urlNotHttp: 'The address must be an http:// or https:// URL',
  // Mail connectors (server/integrations/mailboxes/rules.ts)
  startDateTooEarly: 'The start date cannot be more than %{hours} hours before now',
  blacklistEntry: 'Each entry is an address (ana@example.org) or a domain (example.org)',
  secretRequired: 'Required',
  connectorAppTypeFixed: 'A connector keeps its app type (%{appType}): make a new connector for another',
  connectorNotOAuth: 'Only a Gmail connector is authorized with Google',
  connectorRunToDate: 'The end date must be after the start date',
  // An environment's modules (schemas/modules.ts moduleOrderProblems, server/configuration/modules-routes.ts):
  // `module` is the module's type, said by its name (app.modules.types.*; the English its MODULE_NAMES)
  moduleTwice: 'The %{module} module is in the pipeline twice',
  moduleExtractorFirst: 'The extractor must be the first module',
  moduleNluSecond: 'The NLU must come second, right after the extractor',
  moduleOutputLast: 'The output module must be the last one',
  moduleTaintTooEarly:
    "The %{module} module is limited by the taint '%{taint}': it must run after the categorization, which sets taints",
  moduleTaintBeforeCategorization:
    'Only a module that runs after the categorization can be limited by a taint: the categorization sets them',
  moduleOrderIncomplete: 'The order must list every active module once',
  moduleConsolidationNeeded:
    "The categories %{categories} test the consolidation's labels: the consolidation must stay active and run before the categorization",
  // A category rule's consolidation criterion (server/configuration/save-rules.ts)
  criterionConsolidationFirst:
    "The rule '%{rule}' tests the consolidation's labels: on the modules page, put the consolidation before the categorization first",
  // Settings sent to a module that has none of them (server/configuration/modules-routes.ts)
  moduleOnlyOutput: 'Only the output module has output choices',
  moduleOnlyVision: 'Only the vision engine has vision settings',
  moduleOnlyOcrData: 'Only the OCR data extraction has OCR data settings',
  moduleOnlyPostProcessing: 'Only the post-processing has rules',
  moduleOnlyConsolidation: 'Only the consolidation has a workflow',
  // Identity: passwords, invitations
  passwordIncorrect: 'The password is incorrect. Please verify your input.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  usernameTaken: 'This username is already used',
  alreadyMember: 'This address is already a member of the organisation',
  passwordMinLength: 'The password must be at least 12 characters long',
  passwordDigit: 'The password must contain a digit',
  passwordLowercase: 'The password must contain a lowercase letter',
  passwordUppercase: 'The password must contain an uppercase letter',
  passwordSpecial: 'The password must contain a special character',
  passwordUnchanged: 'The new password must differ from the current one',
  // Periods
  endBeforeStart: 'The end is before the start',
  // A value the JSON schema refuses (server/resources/validation.ts ajvProblem), by the schema's keyword.
  // `message` stays Ajv's own words for API clients; `detail` (schemaInvalid) is those words.
  schemaRequired: 'This field is required',
  schemaUnknownField: 'This field is not known',
  schemaTypeString: 'Must be text',
  schemaTypeNumber: 'Must be a number',
  schemaTypeInteger: 'Must be a whole number',
  schemaTypeBoolean: 'Must be true or false',
  schemaTypeArray: 'Must be a list',
  schemaTypeObject: 'Must be an object',
  schemaTypeNull: 'Must be empty (null)',
  schemaType: 'Must be of type %{type}',
  schemaMinimum: 'Must be at least %{limit}',
  schemaMaximum: 'Must be at most %{limit}',
  schemaExclusiveMinimum: 'Must be more than %{limit}',
  schemaExclusiveMaximum: 'Must be less than %{limit}',
  schemaMultipleOf: 'Must be a multiple of %{multiple}',
  schemaNotEmpty: 'Must not be empty',
  schemaMinLength: 'Must be at least %{limit} characters long',
  schemaMaxLength: 'Must be at most %{limit} characters long',
  schemaPattern: 'Must match the pattern %{pattern}',
  schemaFormatEmail: 'Must be an email address',
  schemaFormatUri: 'Must be an address (URL)',
  schemaFormatDate: 'Must be a date (YYYY-MM-DD)',
  schemaFormatDateTime: 'Must be a date and time (ISO 8601)',
  schemaFormatUuid: 'Must be an identifier (UUID)',
  schemaFormat: 'Must be in the format %{format}',
  schemaEnum: 'Must be one of: %{values}',
  schemaConst: 'Must be %{value}',
  schemaNoItem: 'Must hold at least one item',
  schemaMinItems: 'Must hold at least %{limit} items',
  schemaMaxItems: 'Must hold at most %{limit} items',
  schemaUniqueItems: 'Items %{first} and %{second} are the same: each item must be different',
  schemaMinProperties: 'Must hold at least %{limit} entries',
  schemaMaxProperties: 'Must hold at most %{limit} entries',
  schemaInvalid: 'Is not valid (%{detail})',
} as const;

export type DetailCode = keyof typeof DETAIL_MESSAGES_EN;

/** The `%{name}` parameters of a template, as a union of names. */
type ParamNames<S extends string> = S extends `${string}%{${infer P}}${infer Rest}`
  ? P | ParamNames<Rest>
  : never;

/** The parameters a code's template needs: exactly those it names. */
export type DetailParams<C extends DetailCode> = Record<
  ParamNames<(typeof DETAIL_MESSAGES_EN)[C]>,
  string | number
>;

export const isDetailCode = (value: unknown): value is DetailCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(DETAIL_MESSAGES_EN, value);

/** A parameter that is itself a coded problem (the compiler's `reason`). */
export const isCodedDetail = (value: unknown): value is NestedDetail =>
  typeof value === 'object' && value !== null && isDetailCode((value as { code?: unknown }).code);

/** A template with its parameters filled in (a missing one stays `%{name}`; a coded one is said in English). */
export const fillTemplate = (template: string, params: Record<string, unknown> = {}): string =>
  template.replace(/%\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return isCodedDetail(value) ? fillTemplate(DETAIL_MESSAGES_EN[value.code], value.params) : String(value);
  });

/** One field's problem: its path, the English sentence, the code and its parameters. */
export interface FieldProblem {
  path: string;
  message: string;
  code: DetailCode;
  params?: Record<string, string | number>;
}

/**
 * A field's problem by code, with the English `message` API clients read.
 *
 * @example
 * fieldProblem('subArchetypes.0', 'subArchetypeUnknown', { name: 'city' });
 * // { path, message: "The sub-archetype 'city' does not exist", code, params: { name: 'city' } }
 */
export const fieldProblem = <C extends DetailCode>(
  path: string,
  code: C,
  ...[params]: ParamNames<(typeof DETAIL_MESSAGES_EN)[C]> extends never ? [] : [DetailParams<C>]
): FieldProblem =>
  codedProblem(path, { code, params: params as Record<string, string | number> | undefined });

/** A problem said by code elsewhere (a check that answers `{ code, params }`), on the field `path`. */
export interface CodedDetail {
  code: DetailCode;
  params?: Record<string, string | number>;
}

/** A coded problem whose parameters may be coded problems too (the compiler's `reason`), said first. */
export interface NestedDetail {
  code: DetailCode;
  params?: Record<string, string | number | NestedDetail>;
}

/**
 * A coded problem on a field, with its English `message`.
 *
 * @example
 * codedProblem('pattern', regexRefusal('(a+)+$')!); // { path: 'pattern', code: 'regexNestedRepeated', … }
 */
export const codedProblem = (path: string, { code, params }: CodedDetail): FieldProblem => ({
  path,
  message: fillTemplate(DETAIL_MESSAGES_EN[code], params),
  code,
  ...(params ? { params } : {}),
});
