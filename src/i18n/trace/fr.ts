import type { TraceCode } from '../../../schemas/trace-messages';

/**
 * What an analysis's trace says (schemas/trace-messages.ts), French. Every code the server can
 * emit has its sentence here: the type says so.
 */
export const traceFr: Record<TraceCode, string> = {
  notConfigured: 'Aucun module de cette étape n’est configuré dans cet environnement',
  stepAborted: 'L’analyse a été interrompue pendant cette étape',
  stepFailed: 'Cette étape a échoué',
  stepFailedDetail: 'L’étape « %{step} » a échoué (détail technique : %{detail})',
  analysisTimeLimit: 'L’analyse a dépassé son temps limite de %{seconds} s',
  analysisThreadCrashed:
    'L’analyse a arrêté son fil d’exécution %{times} fois (détail technique : %{detail}) ; le fichier est peut-être endommagé ou malveillant',
  analysisWorkerCrashed:
    'L’analyse a arrêté son processus de traitement %{times} fois ; le fichier est peut-être endommagé ou malveillant',
  analysisNoFinalStatus: 'Aucun statut final n’a été reçu avant le temps limite',
  testTimeLimit: 'Le test a dépassé %{seconds} s',
  pipelineStopped: 'Le pipeline a été arrêté',
  analysisFailed: 'L’analyse a échoué (détail technique : %{detail})',
  analysisAborted: 'L’analyse a été interrompue',
  earlierStepFailed: 'Une étape précédente (%{step}) a échoué',
  moduleInactive: 'Le module « %{module} » n’est pas actif dans cet environnement',
  moduleWrongInput: 'Le module « %{module} » ne lit que %{reads} ; cette analyse est %{is}',
  readsEmail: 'les e-mails',
  readsDocument: 'les documents',
  readsText: 'le texte collé',
  isEmail: 'un e-mail',
  isDocument: 'un document',
  isText: 'du texte collé',
  moduleNeedsTaint:
    'Le module « %{module} » ne s’exécute que pour les analyses avec le marqueur « %{taint} » ; cette analyse n’a que %{taints}',
  moduleNeedsTaintNone:
    'Le module « %{module} » ne s’exécute que pour les analyses avec le marqueur « %{taint} » ; cette analyse n’a aucun marqueur',
  moduleRefusesTaint:
    'Le module « %{module} » ne s’exécute que pour les analyses sans le marqueur « %{taint} » ; cette analyse l’a',
  noExtractedText: 'Aucun texte extrait à lire',
  sourceText: 'Texte de %{smart_count} caractère |||| Texte de %{smart_count} caractères',
  sourceFileEmpty: 'Fichier %{filename} (vide)',
  sourceFile: 'Fichier %{filename} (%{size})',
  parseFileEmpty: '%{filename} est vide (0 octet)',
  parsePdfEmpty: 'Le fichier PDF est vide (0 octet)',
  parsePdfEncrypted: 'Le PDF est protégé par un mot de passe',
  parsePdfNoPage: 'Le PDF est endommagé : aucune de ses pages n’a pu être lue',
  parseWorkbookEncrypted: 'Le classeur est protégé par un mot de passe',
  parseNotSpreadsheet: 'Le fichier est un document OLE sans classeur Excel',
  parseEmailDamaged: 'L’e-mail est endommagé et n’a pas pu être lu',
  parseEmailTooManyParts: 'L’e-mail a plus de %{max} parties MIME',
  parsePptDamaged: 'Le fichier PowerPoint est endommagé (sa structure OLE est illisible)',
  parsePptNoDocument: 'Le fichier ne contient aucun flux de document PowerPoint',
  parsePptEncrypted: 'La présentation est protégée par un mot de passe',
  parseNotMp3: 'Le fichier n’est pas un fichier audio MP3 (aucune trame audio MPEG trouvée)',
  parseOdfNoContent: 'Le fichier n’est pas un fichier OpenDocument (content.xml manque)',
  parseOdfNoBody: 'Le fichier OpenDocument n’a pas de corps',
  parseNotImage: 'Le fichier n’est pas une image lisible',
  parseDocIsRtf: 'Le fichier est un document RTF nommé .doc ; le RTF n’est pas lu',
  parseDocNotOle: 'Le fichier n’est pas un document Word 97-2003 (pas un fichier OLE)',
  parseDocDamaged: 'Le document Word est endommagé (sa structure OLE est illisible)',
  parseDocNoDocument: 'Le fichier ne contient aucun flux de document Word',
  parseDocEncrypted: 'Le document Word est protégé par un mot de passe',
  parseMsgDamaged: 'Le message Outlook est endommagé et n’a pas pu être lu',
  parseEmailEmpty: 'L’e-mail est vide',
  parseHtmlEmpty: 'La page HTML est vide',
  parseUnsupportedExtension: 'Les fichiers en .%{extension} ne sont pas lus ; l’extracteur lit %{supported}',
  parseNoExtension: 'Les fichiers sans extension ne sont pas lus ; l’extracteur lit %{supported}',
  parsePdfTooLarge:
    'Les flux compressés du PDF dépassent %{megabytes} Mo une fois décompressés (une bombe de décompression ?)',
  parsePdfDamagedDetail: 'Le PDF est endommagé ou tronqué (détail technique : %{detail})',
  parsePdfUnreadable: 'Le PDF n’a pas pu être lu (détail technique : %{detail})',
  parseSpreadsheetNoSheet: 'Le classeur n’a pas pu être lu : aucune de ses feuilles n’est lisible',
  parseNotSpreadsheetBytes:
    'Le fichier n’est pas un classeur : ses %{bytes} octets ne correspondent à aucun format Excel (97 et suivants) ni OpenDocument',
  parseSpreadsheetDamaged: 'Le classeur n’a pas pu être lu (détail technique : %{detail})',
  parseSpreadsheetCells: 'Le classeur déclare plus de %{cells} cellules (limite dépassée)',
  parseSpreadsheetTooSlow: 'La lecture du classeur a pris plus de %{seconds} s',
  parseSpreadsheetTooLarge: 'La lecture du classeur demande plus de %{megabytes} Mo de mémoire',
  parseNotOoxml: 'Le fichier n’est pas un document %{kind} (%{part} manque)',
  parseDocxNoBody: 'Le document Word n’a pas de corps (%{part})',
  parseXmlMalformed: '%{part} n’est pas un XML bien formé (détail technique : %{detail})',
  parseXmlNoElement: '%{part} ne contient aucun élément XML',
  parseXmlTooLarge: '%{part} contient plus de %{max} nœuds XML',
  parseXmlTooDeep: '%{part} imbrique le XML sur plus de %{max} niveaux',
  parsePptNotOle: 'Le fichier n’est pas une présentation PowerPoint 97-2003 (pas un fichier OLE)',
  parsePptTooLarge: 'La présentation contient plus de %{max} enregistrements',
  parseDocDamagedDetail: 'Le document Word est endommagé (détail technique : %{detail})',
  parseNotZip: 'Le fichier n’est pas un conteneur ZIP (son contenu ne correspond pas à son extension)',
  parseZipTooManyEntries: 'L’archive contient plus de %{max} entrées',
  parseZipEntryDamaged: 'L’entrée %{entry} de l’archive est endommagée',
  parseZipBomb: 'L’archive dépasse %{megabytes} Mo une fois décompressée (une bombe ZIP ?)',
  parseZipDamaged: 'L’archive n’a pas pu être lue (détail technique : %{detail})',
  parseNotMsg: 'Le fichier n’est pas un message Outlook (son contenu n’est pas un fichier composé OLE)',
  parseMsgNotOutlook: 'Le fichier est un fichier composé OLE, mais pas un message Outlook',
  parseNoSpeech:
    'La transcription audio demande un service de reconnaissance vocale ; aucun n’est configuré (SPEECH_BASE_URL)',
  parseOcrTimeout: 'L’OCR a pris plus de %{seconds} s',
  parseImageTooLarge:
    'L’image est trop grande pour être lue (%{width}×%{height} pixels ; la limite est de %{megapixels} mégapixels)',
  extractorDisabled: 'Le module extracteur est désactivé',
  extracted: '%{parts}',
  extractedCached: '%{parts} (depuis le cache : ce fichier a déjà été lu avec ces paramètres)',
  readEmail: 'E-mail lu',
  readEmailSubject: 'E-mail lu (« %{subject} »)',
  readText: 'Texte lu',
  readPages: '%{kind} lu : %{smart_count} page |||| %{kind} lu : %{smart_count} pages',
  readPagesOcr:
    '%{kind} lu : %{smart_count} page, dont %{ocr} par OCR |||| %{kind} lu : %{smart_count} pages, dont %{ocr} par OCR',
  kindDocument: 'Document',
  kindImage: 'Image',
  kindSpreadsheet: 'Tableur',
  kindText: 'Texte',
  kindAudio: 'Audio',
  kindPlain: 'Texte',
  kindEmail: 'E-mail',
  attachments: '%{smart_count} pièce jointe |||| %{smart_count} pièces jointes',
  attachmentsUnreadable:
    '%{smart_count} pièce jointe (%{failed} illisible) |||| %{smart_count} pièces jointes (%{failed} illisibles)',
  textBlocks: '%{smart_count} bloc de texte |||| %{smart_count} blocs de texte',
  // Extracteur : ce qu’un analyseur a laissé de côté ou lu autrement (ses avertissements)
  attachmentWarning: '%{filename} : %{warning}',
  attachmentError: '%{filename} : %{error}',
  attachmentUnreadable: 'Il n’a pas pu être lu : %{detail}',
  warnPageLimit:
    'Seules les %{max} premières pages sur %{total} ont été lues ; %{smart_count} a été laissée de côté (maximum %{max}) |||| Seules les %{max} premières pages sur %{total} ont été lues ; %{smart_count} ont été laissées de côté (maximum %{max})',
  warnSlideLimit:
    'Seules les %{max} premières diapositives sur %{total} ont été lues ; %{smart_count} a été laissée de côté (maximum %{max}) |||| Seules les %{max} premières diapositives sur %{total} ont été lues ; %{smart_count} ont été laissées de côté (maximum %{max})',
  warnOcrPagesSkipped:
    '%{smart_count} page qui demandait l’OCR n’a pas été lue par OCR (maximum %{max} pages OCR) : page %{pages} |||| %{smart_count} pages qui demandaient l’OCR n’ont pas été lues par OCR (maximum %{max} pages OCR) : pages %{pages}',
  warnOcrPageFailed: 'L’OCR a échoué sur la page %{page} : %{detail}',
  warnPageUnreadable: 'La page %{page} n’a pas pu être lue : %{detail}',
  warnSheetUnreadable: 'La feuille « %{sheet} » n’a pas pu être lue',
  warnHiddenSheets: 'Feuilles masquées laissées de côté : %{sheets}',
  warnSheetRows: 'Feuille « %{sheet} » : seules les %{max} premières lignes ont été lues',
  warnSheetCells:
    'Feuille « %{sheet} » : les cellules au-delà de la ligne %{rows} ou de la colonne %{columns} ont été laissées de côté',
  warnWorkbookCut:
    'La feuille « %{sheet} » et les suivantes sont tronquées : un classeur donne au plus %{cells} cellules et %{characters} caractères de texte',
  warnHtmlBodyCut: 'Le corps HTML dépasse %{megabytes} Mo : seul son début a été lu',
  warnAttachmentsOff:
    '%{smart_count} pièce jointe non extraite : l’extraction des pièces jointes est désactivée |||| %{smart_count} pièces jointes non extraites : l’extraction des pièces jointes est désactivée',
  warnAttachmentIgnored: 'Pièce jointe %{filename} ignorée : les fichiers .%{extension} sont ignorés',
  warnMessageAttachmentsLimit:
    'Le message a plus de %{max} pièces jointes : %{left} ont été laissées de côté',
  warnAttachmentsLimit:
    'Seules les %{max} premières pièces jointes ont été lues ; %{left} autres ont été laissées de côté',
  warnTextCut:
    'Seuls les %{max} premiers caractères du texte ont été lus ; %{left} autres ont été laissés de côté',
  warnAttachmentUnsupported: 'Non lu : les fichiers .%{extension} ne sont pas pris en charge',
  warnAttachmentNoExtension: 'Non lu : les fichiers sans extension ne sont pas pris en charge',
  warnAttachmentsTooDeep:
    '%{smart_count} pièce jointe imbriquée à plus de %{max} niveaux n’a pas été lue |||| %{smart_count} pièces jointes imbriquées à plus de %{max} niveaux n’ont pas été lues',
  warnMsgAttachmentUnreadable: 'La pièce jointe %{name} n’a pas pu être lue et a été laissée de côté',
  warnEmbeddedTooLarge: 'Un objet incorporé plus grand que la limite a été laissé de côté',
  warnEmbeddedUnreadable: 'Un objet incorporé n’a pas pu être lu',
  warnEmbeddedFileUnreadable: 'L’objet incorporé %{filename} n’a pas pu être lu',
  warnDataImagesLimit: 'La page incorpore plus de %{max} images : les autres ont été laissées de côté',
  warnPptIsPptx:
    'Le fichier est nommé .ppt mais c’est une présentation PowerPoint 2007+ (PPTX) ; il a été lu comme PPTX',
  warnDocIsDocx:
    'Le fichier est nommé .doc mais c’est un document Word 2007+ (DOCX) ; il a été lu comme DOCX',
  warnSlideListDamaged:
    'La liste des diapositives est endommagée ; les diapositives ont été lues dans l’ordre du fichier',
  warnTablesCut: 'Les tableaux ont été coupés à %{max} cellules',
  warnXmlEntitiesNotExpanded: '%{part} fait référence à des entités XML qui n’ont pas été développées',
  warnXmlEntitiesIgnored: '%{part} déclare des entités XML ; elles ont été ignorées',
  warnImageFormat: 'Le fichier est une image %{format} alors que son nom se termine par .%{extension}',
  warnImageTooSmall:
    'L’image est plus petite que le minimum (%{width}×%{height} pixels ; minimum %{minWidth}×%{minHeight}) : pas d’OCR',
  warnOcrOff: 'L’OCR est désactivé pour les images : aucun texte n’a été lu',
  warnTranscriptionOff: 'La transcription est désactivée pour l’audio : aucun texte n’a été lu',
  noNluServer: 'Aucun serveur NLU n’est configuré dans cet environnement',
  nluRead: 'Langue %{language} ; %{servers}',
  nluServerRead: '%{server} : %{smart_count} interaction |||| %{server} : %{smart_count} interactions',
  nluStartingUp: 'L’IA démarrait : le serveur « %{server} » a démarré pour cette analyse',
  nluLoaded: 'Le serveur « %{server} » a chargé sa configuration (%{ms} ms)',
  nluLabelsCut: 'La vue d’étiquetage garde les %{kept} premières correspondances d’archétypes sur %{found}',
  nluInteractionsKept:
    '%{smart_count} interaction de plus a été trouvée ; le résultat garde les %{kept} premières |||| %{smart_count} interactions de plus ont été trouvées ; le résultat garde les %{kept} premières',
  noCategory: 'Aucune catégorie n’est configurée dans cet environnement',
  categorised: 'Catégories : %{names}',
  categorisedWithAttachments: 'Catégories : %{names} ; %{attachments} catégories de pièces jointes',
  advancedCategorisationFailed:
    'La catégorisation avancée a échoué à la ligne %{line} (détail technique : %{detail})',
  advancedCategoryUnknown:
    'La catégorisation avancée a écrit « %{name} », qui n’est pas une catégorie de message de cet environnement',
  categorisedAdvanced: 'Catégories : %{names} (catégorisation avancée)',
  categorisedWithAttachmentsAdvanced:
    'Catégories : %{names} ; %{attachments} catégories de pièces jointes (catégorisation avancée)',
  ruleFlagged:
    'La règle « %{rule} » de la catégorie « %{category} » est signalée et ne s’applique jamais : %{reason}',
  ocrDataNotConfigured: 'L’extraction de données OCR n’est pas configurée dans cet environnement',
  ocrDataNoField: 'L’extraction de données OCR n’a encore aucun champ à lire',
  ocrDataCategoryGone:
    'La catégorie « %{category} » de l’extraction de données OCR n’existe plus dans cet environnement',
  ocrDataNoDocumentOf: 'Aucun document de la catégorie « %{category} » dans cette analyse',
  ocrDataNoDocument: 'Aucun document dans cette analyse',
  ocrDataNotFound: '%{document} : introuvable à côté d’un libellé : %{keys}',
  ocrDataRead:
    '%{smart_count} valeur lue dans %{documents} |||| %{smart_count} valeurs lues dans %{documents}',
  documents: '%{smart_count} document |||| %{smart_count} documents',
  postProcessingNoRule: 'Le post-traitement n’a encore aucune règle',
  postProcessingApplied: '%{applied} sur %{rules} appliquée(s)',
  postProcessingAppliedNamed: '%{applied} sur %{rules} appliquée(s) (%{names})',
  postProcessingAppliedFailed: '%{applied} sur %{rules} appliquée(s) ; %{failed} en échec',
  postProcessingAppliedNamedFailed: '%{applied} sur %{rules} appliquée(s) (%{names}) ; %{failed} en échec',
  rules: '%{smart_count} règle |||| %{smart_count} règles',
  postProcessingRuleFailed: 'La règle de post-traitement « %{rule} » n’a rien changé : %{reason}',
  postProcessingRuleConditionFailed:
    'La règle de post-traitement « %{rule} » n’a rien changé : sa condition n’a pas pu être évaluée, ligne %{line} (détail technique : %{detail})',
  postProcessingRuleValueFailed:
    'La règle de post-traitement « %{rule} » n’a rien changé : sa valeur n’a pas pu être calculée, ligne %{line} (détail technique : %{detail})',
  postProcessingRuleCategoryGone:
    'La règle de post-traitement « %{rule} » n’a rien changé : la catégorie de message « %{category} » n’existe plus',
  postProcessingRuleNoTarget:
    'La règle de post-traitement « %{rule} » n’a rien changé : la règle n’a pas de cible',
  visionNotConfigured: 'Le moteur de vision n’est pas configuré dans cet environnement',
  visionOff: 'Le moteur de vision est désactivé dans ses paramètres',
  visionNoLlm:
    'Aucun point d’accès LLM n’est configuré sur ce déploiement (LLM_BASE_URL) : le moteur de vision ne s’est pas exécuté',
  visionNothingToRead: 'Le moteur de vision n’avait ni image ni texte à lire dans cette analyse',
  visionTextCut: 'Seuls les %{smart_count} premiers caractères du texte ont été envoyés au modèle',
  visionRead:
    'Le modèle %{model} a lu %{smart_count} image : %{said} |||| Le modèle %{model} a lu %{smart_count} images : %{said}',
  visionReadWithText:
    'Le modèle %{model} a lu %{smart_count} image et le texte : %{said} |||| Le modèle %{model} a lu %{smart_count} images et le texte : %{said}',
  visionSaidCategory: 'catégorie %{category}',
  visionSaidFields: '%{found} champs sur %{fields}',
  visionSaidCharacters: '%{smart_count} caractère |||| %{smart_count} caractères',
  noExtractionField: 'Aucun champ d’extraction d’informations n’est configuré dans cet environnement',
  valuesExtracted: '%{smart_count} valeur extraite |||| %{smart_count} valeurs extraites',
  valuesExtractedNamed:
    '%{smart_count} valeur extraite (%{names}) |||| %{smart_count} valeurs extraites (%{names})',
  extractionNotBuiltin: 'Champ « %{field} » : « %{archetype} » n’est pas un archétype prédéfini',
  extractionRegexRefused:
    'Champ « %{field} » : son expression régulière est refusée (détail technique : %{detail})',
  extractionArchetypeNotLoaded:
    'Champ « %{field} » : l’archétype « %{archetype} » n’est chargé par aucun serveur NLU',
  noDefaultTemplate: 'Aucun modèle de réponse par défaut n’est configuré dans cet environnement',
  replyTemplateFailed: 'Le modèle de réponse n’a pas pu être rendu (détail technique : %{detail})',
  replyDrafted: 'Réponse rédigée à partir du modèle « %{template} » (%{characters} caractères)',
  replyDraftedByLlm:
    'Réponse rédigée par le LLM à partir du modèle « %{template} » (%{characters} caractères)',
  replyNoLlm:
    'Le modèle « %{template} » est une consigne pour un LLM, mais aucun point d’accès LLM n’est configuré sur ce déploiement (LLM_BASE_URL) : aucune réponse n’a été rédigée',
  consolidationNotConfigured: 'La consolidation n’est pas configurée dans cet environnement',
  consolidationNoEngine:
    'Aucun moteur de workflow n’est configuré sur ce déploiement (WORKFLOW_BASE_URL) : la consolidation ne s’est pas exécutée',
  consolidationPosted: 'Envoyée au workflow « %{workflow} » (HTTP %{status})',
  consolidationPostedWaits:
    'Envoyée au workflow « %{workflow} » (HTTP %{status}) ; l’analyse attend son statut final',
  consolidationLabelled:
    'Envoyée au workflow « %{workflow} » (HTTP %{status}), qui a répondu les libellés %{labels}',
  consolidationLabelledWaits:
    'Envoyée au workflow « %{workflow} » (HTTP %{status}), qui a répondu les libellés %{labels} ; l’analyse attend son statut final',
  consolidationLabelsIgnored:
    'Le workflow a répondu %{count} libellés écartés : un libellé est un texte d’au plus %{chars} caractères, %{max} au plus',
  payloadBuilt: 'Contenu construit (%{size}) : %{parts}. %{delivery}',
  payloadIdentityOnly: 'l’identité de l’analyse seulement',
  payloadToWebhooks:
    'Il est livré à %{smart_count} webhook à la fin de l’analyse |||| Il est livré à %{smart_count} webhooks à la fin de l’analyse',
  payloadNoWebhook: 'Aucun webhook actif dans cet environnement pour le livrer',
  outputNothingSelected: 'Rien n’est sélectionné dans le module de sortie : l’intégration n’aura aucun effet',
  outputActivateCategories:
    'Le module de catégorisation donne des catégories : activez les catégories dans le module de sortie pour les livrer',
  outputSkipMismatch: 'Catégories à ignorer qu’aucune catégorie de cet environnement n’a : %{names}',
  partEmail: 'en-têtes de l’e-mail',
  partHtmlBody: 'corps HTML',
  partAttachments: 'pièces jointes',
  partCategories: 'catégories',
  partAttachmentsCategories: 'catégories des pièces jointes',
  partExtractedData: 'données extraites',
  partMetadata: 'métadonnées',
  partNlu: 'sortie du NLU',
  partReply: 'proposition de réponse',
  partVision: 'sortie du moteur de vision',
  criterionAll: 'toutes ces conditions',
  criterionAny: 'l’une de ces conditions',
  criterionNot: 'pas',
  criterionInteraction: 'interaction « %{name} » trouvée',
  criterionInteractionWith: 'interaction « %{name} » avec %{parameter} = « %{value} » trouvée',
  criterionCategory: 'catégorie « %{name} » donnée',
  criterionExtracted: 'donnée extraite « %{name} » = « %{value} »',
  criterionExtractedPresent: 'donnée extraite « %{name} » présente',
  criterionHeader: 'en-tête « %{name} » contenant « %{value} »',
  criterionHeaderPresent: 'en-tête « %{name} » présent',
  criterionMetadata: 'métadonnée « %{name} » = « %{value} »',
  criterionMetadataPresent: 'métadonnée « %{name} » présente',
  criterionConsolidation: 'la consolidation a répondu le libellé « %{name} »',
  // Output payload, NLU test page, OCR data
  payloadFileNotKept:
    '%{filename} : son fichier n’a pas été conservé, ses données ne sont donc pas dans le contenu',
  payloadAttachmentsTooLarge:
    '%{filename} : ses données ne sont pas dans le contenu, dont les pièces jointes dépasseraient sinon %{megabytes} Mo',
  nluSearchStoppedEarly:
    'Interaction « %{interaction} » : la recherche s’est arrêtée avant la fin dans un bloc aux correspondances candidates trop nombreuses',
  ocrDataPatternRefused:
    'Le motif du champ « %{key} » ne peut pas être utilisé (détail technique : %{detail})',
  // Vision engine and LLM/speech endpoints
  visionPagesNotRendered:
    '%{filename} : ses pages n’ont pas pu être converties en images (détail technique : %{detail})',
  visionImagesNotSent:
    '%{smart_count} image de page n’a pas été envoyée : le moteur de vision envoie au plus %{images} images et %{megabytes} Mo |||| %{smart_count} images de pages n’ont pas été envoyées : le moteur de vision envoie au plus %{images} images et %{megabytes} Mo',
  visionNotSetUp: 'Le moteur de vision n’est pas encore paramétré : %{problem}',
  visionPromptRequired: 'un moteur de vision personnalisé a besoin d’une consigne',
  visionCategoriesRequired: 'une classification stricte a besoin d’au moins une catégorie',
  visionFieldsRequired: 'une extraction stricte a besoin d’au moins un champ',
  visionKeyInvalid:
    '« %{key} » n’est pas une clé valide : une lettre, puis des lettres, des chiffres ou _ (64 au plus)',
  visionKeyTwice: 'la clé « %{key} » est déclarée deux fois',
  visionAnswerCut: 'La réponse du modèle a été coupée à sa longueur maximale',
  visionFieldsUnanswered:
    'Le modèle n’a pas répondu au champ %{fields} : il reste vide |||| Le modèle n’a pas répondu aux champs %{fields} : ils restent vides',
  visionAnswerRefused: 'Le modèle a refusé de répondre : « %{refusal} »',
  visionAnswerEmpty: 'Le modèle a donné une réponse vide',
  visionAnswerCutJson:
    'La réponse du modèle a été coupée à sa longueur maximale et n’est pas un JSON complet : « %{answer} »',
  visionAnswerNotJson:
    'La réponse du modèle n’est pas un JSON valide : « %{answer} » (détail technique : %{detail})',
  visionAnswerNotObject: 'La réponse du modèle n’est pas un objet JSON : « %{answer} »',
  visionUndeclaredProperties: 'La réponse du modèle contient des propriétés non déclarées : %{properties}',
  visionNoCategory: 'La réponse du modèle ne donne aucune catégorie',
  visionCategoryUndeclared:
    'Le modèle a donné la catégorie « %{category} », qui ne fait pas partie des catégories déclarées : %{declared}',
  visionUndeclaredFields:
    'La réponse du modèle contient des champs non déclarés : %{fields} (champs déclarés : %{declared})',
  visionFieldList: 'Le modèle a répondu au champ « %{field} » par une liste, et non par du texte',
  visionFieldObject: 'Le modèle a répondu au champ « %{field} » par un objet, et non par du texte',
  endpointLlm: 'LLM',
  endpointSpeech: 'de reconnaissance vocale',
  endpointTimeout: 'Le point d’accès %{endpoint} n’a pas répondu dans le délai de %{seconds} s',
  endpointUnreachable: 'Le point d’accès %{endpoint} est injoignable (détail technique : %{detail})',
  endpointInternalAddress:
    'Le point d’accès %{endpoint} est injoignable : %{host} désigne %{address}, une adresse interne à laquelle la plateforme n’envoie rien',
  endpointHttpStatus: 'Le point d’accès %{endpoint} a répondu avec le statut HTTP %{status}',
  endpointHttpStatusDetail:
    'Le point d’accès %{endpoint} a répondu avec le statut HTTP %{status} (détail technique : %{detail})',
  llmAnswerTooLarge: 'La réponse du point d’accès LLM dépassait %{megabytes} Mo ; elle n’a pas été lue',
  llmNoChoice: 'Le point d’accès LLM a répondu sans aucun choix (choices[0].message attendu)',
  llmNoMessage: 'Le point d’accès LLM a répondu sans message (choices[0].message.content attendu)',
  speechNoTranscript:
    'Le point d’accès de reconnaissance vocale a répondu sans transcription (JSON { text } attendu)',
  // Consolidation, workflow and thread services
  consolidationNotSetUp: 'La consolidation n’est pas encore paramétrée : %{problem}',
  consolidationWorkflowIdRequired: 'indiquez l’identifiant du workflow auquel envoyer l’analyse',
  consolidationWorkflowIdInvalid:
    '« %{workflowId} » n’est pas un identifiant de workflow : lettres, chiffres, - et _ (128 au plus)',
  workflowNotTaken: 'Le workflow « %{workflow} » n’a pas accepté l’analyse : %{reason}',
  workflowNotTakenDetail:
    'Le workflow « %{workflow} » n’a pas accepté l’analyse (détail technique : %{detail})',
  workflowNotTakenStatus: 'Le workflow « %{workflow} » n’a pas accepté l’analyse : statut HTTP %{status}',
  workflowTimeout: 'le destinataire n’a pas répondu dans le délai de %{seconds} s',
  workflowAnswerTooLarge: 'la réponse du destinataire dépassait %{megabytes} Mo ; elle a été coupée',
  workflowHttpStatus: 'le destinataire a répondu avec le statut HTTP %{status}',
  workflowUnreachable: 'le destinataire est injoignable (détail technique : %{detail})',
  workflowInternalAddress:
    '%{host} désigne %{address}, une adresse interne à laquelle la plateforme n’envoie rien',
};
