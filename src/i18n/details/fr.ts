import type { DetailCode } from '../../../schemas/detail-messages';

/**
 * What a refused save says under a field (schemas/detail-messages.ts), French. Every code the
 * server can answer has its sentence here: the type says so.
 */
export const detailsFr: Record<DetailCode, string> = {
  builtinArchetypeName: '« %{name} » est un archétype prédéfini : choisissez un autre nom',
  termWithoutLetter: 'Un terme doit contenir au moins une lettre ou un chiffre',
  subArchetypeUnknown: 'Le sous-archétype « %{name} » n’existe pas',
  subArchetypeCycle: 'Ces sous-archétypes ramènent à « %{name} » : les cycles sont refusés',
  archetypeUnknown: 'L’archétype « %{name} » n’existe pas',
  parameterPositionTwice: 'Deux paramètres ont la position %{position}',
  parameterNameTwice: 'Deux paramètres s’appellent « %{name} »',
  parametersNone: 'Une interaction doit avoir au moins un paramètre',
  parametersAllOptional: 'Au moins un paramètre doit être obligatoire',
  contextUnknown: 'Le contexte « %{name} » n’existe pas',
  functionUnknown: 'La fonction « %{name} » n’existe pas',
  distanceNeedsVersion:
    'Régler la distance demande la version 4.12 du NLU ou plus ; le serveur « %{server} » est en %{version} : terminez plutôt le nom de l’interaction par [distance=%{distance}]',
  distanceInName:
    'La distance en fin de nom ([distance=N]) est un nombre entier de mots jusqu’à 10000, ou -1 pour aucune limite',
  functionNeedsField: '%{function} a besoin de ce champ',
  interactionUnknown: 'L’interaction « %{name} » n’existe pas',
  ruleNameTwice: 'Deux règles de cette catégorie s’appellent « %{name} »',
  attachmentCategoryForText:
    'La catégorie « %{category} » porte sur les pièces jointes, que le texte collé n’a jamais',
  ruleReadsHeadersDocument:
    'La règle « %{rule} » de la catégorie « %{category} » lit les en-têtes des e-mails : une catégorisation qui lit des documents n’en reçoit jamais',
  ruleReadsHeadersText:
    'La règle « %{rule} » de la catégorie « %{category} » lit les en-têtes des e-mails : une catégorisation qui lit du texte collé n’en reçoit jamais',
  secondDefaultTemplate:
    '« %{name} » est déjà le modèle par défaut : un environnement n’a qu’un modèle par défaut',
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
};
