import type { DetailCode } from '../../../schemas/detail-messages';

/**
 * What a refused save says under a field (schemas/detail-messages.ts), French. Every code the
 * server can answer has its sentence here: the type says so.
 */
export const detailsFr: Record<DetailCode, string> = {
  builtinArchetypeName: '« %{name} » est un archétype prédéfini : choisissez un autre nom',
  termWithoutLetter: 'Un terme doit contenir au moins une lettre ou un chiffre',
  subArchetypeUnknown: 'Le sous-archétype « %{name} » n’existe pas',
  subArchetypeCycle: 'Ces sous-archétypes ramènent à « %{name} » : les cycles sont refusés',
  archetypeUnknown: 'L’archétype « %{name} » n’existe pas',
  parameterPositionTwice: 'Deux paramètres ont la position %{position}',
  parameterNameTwice: 'Deux paramètres s’appellent « %{name} »',
  parametersNone: 'Une interaction doit avoir au moins un paramètre',
  parametersAllOptional: 'Au moins un paramètre doit être obligatoire',
  contextUnknown: 'Le contexte « %{name} » n’existe pas',
  functionUnknown: 'La fonction « %{name} » n’existe pas',
  distanceNeedsVersion:
    'Régler la distance demande la version 4.12 du NLU ou plus ; le serveur « %{server} » est en %{version} : terminez plutôt le nom de l’interaction par [distance=%{distance}]',
  versionDropsDistance:
    'L’interaction « %{interaction} » fixe une distance, que la version %{version} ne sait pas lire (il faut le NLU 4.12 ou plus) : gardez le serveur en 4.12 ou plus, ou retirez d’abord la distance de l’interaction',
  distanceInName:
    'La distance en fin de nom ([distance=N]) est un nombre entier de mots jusqu’à 10000, ou -1 pour aucune limite',
  functionNeedsField: '%{function} a besoin de ce champ',
  interactionUnknown: 'L’interaction « %{name} » n’existe pas',
  ruleNameTwice: 'Deux règles de cette catégorie s’appellent « %{name} »',
  attachmentCategoryForText:
    'La catégorie « %{category} » porte sur les pièces jointes, que le texte collé n’a jamais',
  ruleReadsHeadersDocument:
    'La règle « %{rule} » de la catégorie « %{category} » lit les en-têtes des e-mails : une catégorisation qui lit des documents n’en reçoit jamais',
  ruleReadsHeadersText:
    'La règle « %{rule} » de la catégorie « %{category} » lit les en-têtes des e-mails : une catégorisation qui lit du texte collé n’en reçoit jamais',
  templateSyntax: 'Ligne %{line} : le modèle n’est pas un Twig valide (détail technique : %{detail})',
  templateFilterUnknown: 'Ligne %{line} : le filtre « %{name} » n’existe pas',
  templateIncludesItself: 'Ligne %{line} : le modèle ne peut pas s’inclure lui-même',
  templateIncludeUnknown: 'Ligne %{line} : le modèle inclus « %{name} » n’existe pas',
  templateIncludeCycle:
    'Les modèles ne peuvent pas s’inclure eux-mêmes, directement ou par un autre modèle : %{cycle}',
  advancedCategorisationInclude:
    'Ligne %{line} : la catégorisation avancée ne peut pas inclure de modèle (« %{name} »)',
  postProcessingInclude: 'Ligne %{line} : une règle ne peut pas inclure de modèle (« %{name} »)',
  postProcessingConditionNotExpression: 'une condition est une seule expression, sans balise ni texte autour',
  settingsKeyInvalid:
    '« %{key} » n’est pas une clé valide : une lettre, puis des lettres, chiffres ou _ (64 au plus)',
  settingsKeyTwice: 'La clé « %{key} » est déclarée deux fois',
  settingsAnchorRequired: 'Le champ « %{key} » a besoin d’au moins un libellé d’ancrage',
  settingsPatternRefused: 'Le motif du champ « %{key} » ne peut pas être utilisé : %{reason}',
  settingsWorkflowIdInvalid:
    '« %{workflowId} » n’est pas un identifiant de workflow : lettres, chiffres, - et _ (128 au plus)',
  configNotObject: 'n’est pas un objet JSON',
  configFormat: 'doit valoir « %{format} » (une configuration d’environnement exportée)',
  configVersion: '%{version} n’est pas une version que cette plateforme lit (%{expected})',
  configMustBeObject: 'doit être un objet',
  configEntitiesNotObject: 'doit être un objet de listes d’entités',
  configKindUnknown: 'n’est pas un type d’entité que cette plateforme connaît',
  configMustBeList: 'doit être une liste',
  configIdRequired: 'est obligatoire',
  configIdTwice: 'est utilisé deux fois',
  configSameAs: '%{rule} (l’entité %{entity} a le même)',
  configArchetypeMissing: 'nomme l’archétype « %{name} », que cette configuration ne contient pas',
  configFunctionMissing:
    'nomme la fonction d’interaction « %{name} », que cette configuration ne contient pas',
  configContextMissing: 'nomme le contexte « %{name} », que cette configuration ne contient pas',
  configCategoryMissing: 'nomme la catégorie « %{name} », que cette configuration ne contient pas',
  uniqueArchetype: 'Un archétype de ce nom existe déjà',
  uniqueCategory: 'Une catégorie de ce nom existe déjà',
  uniqueField: 'Un champ de ce nom existe déjà',
  uniqueFunction: 'Une fonction de ce nom existe déjà',
  uniqueInteraction: 'Une interaction de ce nom existe déjà',
  uniqueContext: 'Un contexte de ce nom existe déjà',
  uniqueServer: 'Un serveur de ce nom existe déjà',
  uniqueTemplate: 'Un modèle de ce nom existe déjà',
  modesExclusive: 'Le mode débogage de l’IA et le mode production ne peuvent pas être actifs en même temps',
  testTagInvalid: '« %{tag} » n’est pas une étiquette (lettres, chiffres et - _ . : / seulement)',
  testTagEmpty: 'Aucun message de la banque ne porte l’étiquette « %{tag} »',
  testEnvironmentOutside: 'L’environnement n’est pas un environnement de ce projet',
  attachmentLabelsNeedBody:
    'Un message qui attend des catégories de pièces jointes a besoin aussi des catégories de son corps',
  attachmentLabelsNeedBodyIn:
    'Le message « %{name} » attendrait des catégories de pièces jointes sans catégorie de corps : donnez-lui d’abord les catégories de son corps',
  testClassificationExists: 'La classification « %{name} » existe déjà',
  classificationNotNumber: '« %{value} » n’est pas un nombre, et « %{name} » prend des nombres',
  classificationNotBoolean: '« %{value} » n’est ni oui ni non, et « %{name} » prend oui ou non',
  classificationNotObject: '« %{value} » n’est pas un objet JSON, et « %{name} » prend des objets',
  classificationCategoryType: 'Une catégorie n’a pas de valeur : son type de valeur reste texte',
  classificationValuesOfOtherType:
    'Le message « %{message} » attend « %{value} » pour « %{name} », qui n’est pas de ce type (messages à corriger : %{count})',
  testRenameTooLong: 'Le nouveau nom de « %{name} » dépasserait %{max} caractères',
  testRenameEmpty: 'Le nouveau nom de « %{name} » serait vide',
  domainRuleUnknown: 'Aucune règle de catégorisation de ce projet ne s’appelle « %{name} »',
  domainModuleChoose: 'Choisissez un module de domaine de ce projet',
  domainModuleGivesNo: 'Le module « %{domainModule} » ne donne pas de %{kind} : choisissez un module %{type}',
  domainKindWithoutModule: 'Aucun module ne donne encore de %{kind}',
  domainEnvironmentChoose: 'Choisissez un environnement de ce projet',
  domainEnvironmentTwice: 'Cet environnement a déjà une priorité dans cette règle',
  domainModuleNeededByRules:
    'Les règles de domaine %{rules} ont besoin des %{kind} de ce module : modifiez-les d’abord',
  urlInternal:
    '%{host} est une adresse interne : la plateforme n’y envoie rien, sauf si OUTBOUND_ALLOW la nomme',
  urlNotHttp: 'L’adresse doit être une URL http:// ou https://',
  startDateTooEarly: 'La date de début ne peut pas être plus de %{hours} heures avant maintenant',
  blacklistEntry: 'Chaque entrée est une adresse (ana@example.org) ou un domaine (example.org)',
  secretRequired: 'Obligatoire',
  connectorAppTypeFixed:
    'Un connecteur garde son type d’application (%{appType}) : créez-en un nouveau pour un autre',
  connectorNotOAuth: 'Seul un connecteur Gmail s’autorise auprès de Google',
  connectorRunToDate: 'La date de fin doit être après la date de début',
  moduleTwice: 'Le module %{module} est deux fois dans le pipeline',
  moduleExtractorFirst: 'L’extracteur doit être le premier module',
  moduleNluSecond: 'Le NLU doit venir en deuxième, juste après l’extracteur',
  moduleOutputLast: 'Le module de sortie doit être le dernier',
  moduleTaintTooEarly:
    'Le module %{module} est limité par le marqueur « %{taint} » : il doit venir après la catégorisation, qui pose les marqueurs',
  moduleTaintBeforeCategorization:
    'Seul un module qui vient après la catégorisation peut être limité par un marqueur : c’est la catégorisation qui les pose',
  moduleOrderIncomplete: 'L’ordre doit lister chaque module actif une fois',
  moduleConsolidationNeeded:
    'Les catégories %{categories} testent les libellés de la consolidation : la consolidation doit rester active et venir avant la catégorisation',
  criterionConsolidationFirst:
    'La règle « %{rule} » teste les libellés de la consolidation : sur la page des modules, placez d’abord la consolidation avant la catégorisation',
  moduleOnlyOutput: 'Seul le module de sortie a des choix de sortie',
  moduleOnlyVision: 'Seul le moteur de vision a des paramètres de vision',
  moduleOnlyOcrData: 'Seule l’extraction de données OCR a des paramètres de données OCR',
  moduleOnlyPostProcessing: 'Seul le post-traitement a des règles',
  moduleOnlyConsolidation: 'Seule la consolidation a un workflow',
  regexEmpty: 'L’expression est vide : elle trouverait une correspondance à chaque position de chaque texte.',
  regexTooLong: '« %{source} » est refusée : elle compte %{length} caractères, 1 000 au plus sont permis.',
  regexFlagScan:
    '« %{source} » est refusée : l’option « %{flag} » n’est pas permise, car le moteur ajoute lui-même « g » et « y » pour parcourir un texte. Utilisez seulement i, u, s et m.',
  regexFlagUnknown:
    '« %{source} » est refusée : l’option « %{flag} » n’est pas permise. Utilisez seulement i, u, s et m.',
  regexFlagTwice: '« %{source} » est refusée : l’option « %{flag} » est donnée deux fois.',
  regexInvalid:
    '« %{source} » est refusée : ce n’est pas une expression régulière valide (détail technique : %{detail}).',
  regexEngine:
    '« %{source} » est refusée : le moteur JavaScript du serveur ne l’accepte pas (détail technique : %{detail}).',
  regexNestedRepeated:
    '« %{source} » est refusée : le quantificateur « %{quantifier} » répète un groupe lui-même répété (« %{inner} »), ce qui peut prendre un temps exponentiel sur certains textes. Réécrivez-la sans répétition imbriquée.',
  regexNestedContains:
    '« %{source} » est refusée : le quantificateur « %{quantifier} » répète un groupe qui contient une répétition (« %{inner} »), ce qui peut prendre un temps exponentiel sur certains textes. Réécrivez-la sans répétition imbriquée.',
  regexBranches:
    '« %{source} » est refusée : le quantificateur « %{quantifier} » répète un choix dont les branches « %{first} » et « %{second} » peuvent toutes deux commencer par %{char}, ce qui peut prendre un temps exponentiel sur certains textes. Faites commencer les branches par des caractères différents.',
  regexBranchesSameChar:
    '« %{source} » est refusée : le quantificateur « %{quantifier} » répète un choix dont les branches « %{first} » et « %{second} » peuvent commencer par le même caractère, ce qui peut prendre un temps exponentiel sur certains textes. Faites commencer les branches par des caractères différents.',
  regexAdjacent:
    '« %{source} » est refusée : « %{first} » peut être directement suivi de « %{second} » et tous deux peuvent reconnaître %{char}, ce qui peut prendre un temps polynomial sur les textes où la recherche échoue. Fusionnez-les en un seul quantificateur.',
  regexAdjacentSameChar:
    '« %{source} » est refusée : « %{first} » peut être directement suivi de « %{second} » et tous deux peuvent reconnaître le même caractère, ce qui peut prendre un temps polynomial sur les textes où la recherche échoue. Fusionnez-les en un seul quantificateur.',
  regexMatchesEmpty:
    '« %{source} » est refusée : elle reconnaît la chaîne vide, donc trouverait une correspondance à chaque position de chaque texte. Rendez au moins un caractère obligatoire.',
  nluArchetypeNoName: 'Un archétype n’a pas de nom',
  nluArchetype: 'Archétype « %{archetype} » : %{reason}',
  nluInteraction: 'Interaction « %{interaction} » : %{reason}',
  nluFunction: 'Fonction d’interaction « %{function} » : %{reason}',
  nluServerContextUnknown: 'Serveur « %{server} » : le contexte « %{name} » n’existe pas',
  nluSubArchetypeUnknown: 'le sous-archétype « %{name} » n’existe pas',
  nluSubArchetypeCycle: 'ses sous-archétypes forment un cycle (%{cycle})',
  nluNameTaken: 'ce nom est déjà pris (les archétypes intégrés s’appellent %{builtins})',
  nluTermWithoutLetter: 'le terme « %{term} » n’a ni lettre ni chiffre à reconnaître',
  nluDistanceInvalid:
    'la distance doit être un nombre entier de mots, ou -1 pour aucune limite (valeur reçue : %{distance})',
  nluDistanceInName:
    'la distance qui termine son nom doit être un nombre entier de mots jusqu’à %{max}, ou -1',
  nluNoParameter: 'elle n’a aucun paramètre',
  nluAllOptional: 'tous ses paramètres sont facultatifs : au moins un doit être obligatoire',
  nluParameterNoName: 'le paramètre %{position} n’a pas de nom',
  nluParameterNoArchetype: 'le paramètre « %{name} » n’a pas d’archétype',
  nluParameterArchetypeUnknown: 'paramètre « %{name} » : l’archétype « %{archetype} » n’existe pas',
  nluFunctionUnknown: 'la fonction d’interaction « %{name} » n’existe pas',
  nluFunctionNotInCatalogue: '« %{name} » n’est pas une fonction du catalogue',
  nluFunctionFieldRequired: '« %{field} » est requis par %{function}',
  nluFunctionInteractionUnknown: '%{field} : l’interaction « %{name} » n’existe pas',
  secondDefaultTemplate:
    '« %{name} » est déjà le modèle par défaut : un environnement n’a qu’un modèle par défaut',
  passwordIncorrect: 'Le mot de passe est incorrect. Veuillez vérifier votre saisie.',
  currentPasswordIncorrect: 'Le mot de passe actuel est incorrect.',
  usernameTaken: 'Ce nom d’utilisateur est déjà utilisé',
  alreadyMember: 'Cette adresse est déjà membre de l’organisation',
  passwordMinLength: 'Le mot de passe doit contenir au moins 12 caractères',
  passwordDigit: 'Le mot de passe doit contenir un chiffre',
  passwordLowercase: 'Le mot de passe doit contenir une minuscule',
  passwordUppercase: 'Le mot de passe doit contenir une majuscule',
  passwordSpecial: 'Le mot de passe doit contenir un caractère spécial',
  passwordUnchanged: 'Le nouveau mot de passe doit être différent de l’actuel',
  endBeforeStart: 'La fin est avant le début',
  schemaRequired: 'Ce champ est obligatoire',
  schemaUnknownField: 'Ce champ n’est pas connu',
  schemaTypeString: 'Doit être un texte',
  schemaTypeNumber: 'Doit être un nombre',
  schemaTypeInteger: 'Doit être un nombre entier',
  schemaTypeBoolean: 'Doit être vrai ou faux',
  schemaTypeArray: 'Doit être une liste',
  schemaTypeObject: 'Doit être un objet',
  schemaTypeNull: 'Doit être vide (null)',
  schemaType: 'Doit être de type %{type}',
  schemaMinimum: 'Doit être au moins %{limit}',
  schemaMaximum: 'Doit être au plus %{limit}',
  schemaExclusiveMinimum: 'Doit être supérieur à %{limit}',
  schemaExclusiveMaximum: 'Doit être inférieur à %{limit}',
  schemaMultipleOf: 'Doit être un multiple de %{multiple}',
  schemaNotEmpty: 'Ne doit pas être vide',
  schemaMinLength: 'Doit contenir au moins %{limit} caractères',
  schemaMaxLength: 'Doit contenir au plus %{limit} caractères',
  schemaPattern: 'Doit respecter le motif %{pattern}',
  schemaFormatEmail: 'Doit être une adresse e-mail',
  schemaFormatUri: 'Doit être une adresse (URL)',
  schemaFormatDate: 'Doit être une date (AAAA-MM-JJ)',
  schemaFormatDateTime: 'Doit être une date et une heure (ISO 8601)',
  schemaFormatUuid: 'Doit être un identifiant (UUID)',
  schemaFormat: 'Doit respecter le format %{format}',
  schemaEnum: 'Doit être l’une de ces valeurs : %{values}',
  schemaConst: 'Doit valoir %{value}',
  schemaNoItem: 'Doit contenir au moins un élément',
  schemaMinItems: 'Doit contenir au moins %{limit} éléments',
  schemaMaxItems: 'Doit contenir au plus %{limit} éléments',
  schemaUniqueItems:
    'Les éléments %{first} et %{second} sont identiques : chaque élément doit être différent',
  schemaMinProperties: 'Doit contenir au moins %{limit} entrées',
  schemaMaxProperties: 'Doit contenir au plus %{limit} entrées',
  schemaInvalid: 'N’est pas valide (détail technique : %{detail})',
};
