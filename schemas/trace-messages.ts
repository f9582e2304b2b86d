import { MODULE_NAMES, type ModuleType } from './modules';
import type { TraceStep } from './analysis-result';

/**
 * What the trace of an analysis says, by code (docs/decisions/console-trace-by-code.md). A stage says
 * `traceMessage('sourceFile', { filename, size: { bytes } })`; the stored result keeps the code and
 * its parameters beside the English sentence (API clients and logs read the sentence), and the
 * console says the code in the user's language (src/i18n/trace). The English below is both the
 * server's sentence and the console's English catalogue, so the two cannot drift.
 *
 * Templates are polyglot's: `%{name}` is a parameter, `a |||| b` the singular and plural forms
 * chosen by `smart_count`.
 */
export const TRACE_MESSAGES_EN = {
  // The engine (pipeline/engine.ts)
  notConfigured: 'No module of this step is configured in this environment',
  stepAborted: 'The analysis was aborted during this step',
  stepFailed: 'This step failed',
  // An unexpected error inside a step: `detail` is the error's own words, kept as a technical detail
  stepFailedDetail: 'The %{step} step failed: %{detail}',
  analysisAborted: 'The analysis was aborted',
  // Why an analysis failed outside its steps (its `error`)
  analysisTimeLimit: 'The analysis took longer than its time limit of %{seconds} s',
  analysisThreadCrashed:
    'The analysis stopped its worker thread %{times} times (%{detail}); the file may be damaged or hostile',
  analysisWorkerCrashed: 'The analysis stopped its worker %{times} times; the file may be damaged or hostile',
  analysisNoFinalStatus: 'No final status was received before the time limit',
  // A test tab's run (server/analyses/test-run.ts) past its time limit
  testTimeLimit: 'The test took longer than %{seconds} s',
  pipelineStopped: 'The pipeline was stopped',
  analysisFailed: 'The analysis failed: %{detail}',
  earlierStepFailed: 'An earlier step (%{step}) failed',
  moduleInactive: 'The %{module} module is not active in this environment',
  moduleWrongInput: 'The %{module} module reads %{reads} only; this analysis is %{is}',
  readsEmail: 'emails',
  readsDocument: 'documents',
  readsText: 'pasted text',
  isEmail: 'an email',
  isDocument: 'a document',
  isText: 'pasted text',
  moduleNeedsTaint:
    "The %{module} module runs only for analyses with the taint '%{taint}'; this analysis has only %{taints}",
  moduleNeedsTaintNone:
    "The %{module} module runs only for analyses with the taint '%{taint}'; this analysis has no taint",
  moduleRefusesTaint:
    "The %{module} module runs only for analyses without the taint '%{taint}'; this analysis has it",
  noExtractedText: 'There is no extracted text to read',
  // Source
  sourceText: 'Text of %{smart_count} character |||| Text of %{smart_count} characters',
  sourceFileEmpty: 'File %{filename} (empty)',
  sourceFile: 'File %{filename} (%{size})',
  // Extractor: why a file could not be read (a parser's ParseError)
  parseFileEmpty: '%{filename} is empty (0 bytes)',
  parsePdfEmpty: 'The PDF file is empty (0 bytes)',
  parsePdfEncrypted: 'The PDF is protected by a password',
  parsePdfNoPage: 'The PDF is damaged: none of its pages could be read',
  parseWorkbookEncrypted: 'The workbook is password-protected',
  parseNotSpreadsheet: 'The file is an OLE document without an Excel workbook in it',
  parseEmailDamaged: 'The email is damaged and could not be read',
  parseEmailTooManyParts: 'The email has more than %{max} MIME parts',
  parsePptDamaged: 'The PowerPoint file is damaged (its OLE structure cannot be read)',
  parsePptNoDocument: 'The file holds no PowerPoint document stream',
  parsePptEncrypted: 'The presentation is protected by a password',
  parseNotMp3: 'The file is not an MP3 audio file (no MPEG audio frame found)',
  parseOdfNoContent: 'The file is not an OpenDocument file (content.xml is missing)',
  parseOdfNoBody: 'The OpenDocument file has no body',
  parseNotImage: 'The file is not a readable image',
  parseDocIsRtf: 'The file is an RTF document named .doc; RTF is not read',
  parseDocNotOle: 'The file is not a Word 97-2003 document (not an OLE file)',
  parseDocDamaged: 'The Word document is damaged (its OLE structure cannot be read)',
  parseDocNoDocument: 'The file holds no Word document stream',
  parseDocEncrypted: 'The Word document is protected by a password',
  parseMsgDamaged: 'The Outlook message is damaged and could not be read',
  // … and those that quote a library's words: `detail` is kept as a technical detail, in its English
  parseEmailEmpty: 'The email is empty',
  parseHtmlEmpty: 'The HTML page is empty',
  parseUnsupportedExtension: 'Files ending in .%{extension} are not read; the extractor reads %{supported}',
  parseNoExtension: 'Files without an extension are not read; the extractor reads %{supported}',
  parsePdfTooLarge: "The PDF's compressed streams expand beyond %{megabytes} MB (a decompression bomb?)",
  parsePdfDamagedDetail: 'The PDF is damaged or truncated (%{detail})',
  parsePdfUnreadable: 'The PDF could not be read (%{detail})',
  parseSpreadsheetNoSheet: 'The spreadsheet could not be read: none of its sheets is readable',
  parseNotSpreadsheetBytes:
    'The file is not a spreadsheet: its %{bytes} bytes match no Excel (97 and later) or OpenDocument format',
  parseSpreadsheetDamaged: 'The spreadsheet could not be read: %{detail}',
  parseSpreadsheetCells: 'The spreadsheet declares more than %{cells} cells (cell limit exceeded)',
  parseSpreadsheetTooSlow: 'Reading the spreadsheet took longer than %{seconds} s',
  parseSpreadsheetTooLarge: 'Reading the spreadsheet needs more than %{megabytes} MB of memory',
  parseNotOoxml: 'The file is not a %{kind} document (%{part} is missing)',
  parseDocxNoBody: 'The Word document has no body (%{part})',
  parseXmlMalformed: '%{part} is not well-formed XML (%{detail})',
  parseXmlNoElement: '%{part} holds no XML element',
  parseXmlTooLarge: '%{part} holds more than %{max} XML nodes',
  parseXmlTooDeep: '%{part} nests XML deeper than %{max} levels',
  parsePptNotOle: 'The file is not a PowerPoint 97-2003 presentation (not an OLE file)',
  parsePptTooLarge: 'The presentation holds more than %{max} records',
  parseDocDamagedDetail: 'The Word document is damaged (%{detail})',
  parseNotZip: 'The file is not a ZIP container (its content does not match its extension)',
  parseZipTooManyEntries: 'The archive holds more than %{max} entries',
  parseZipEntryDamaged: 'The archive entry %{entry} is damaged',
  parseZipBomb: 'The archive expands beyond %{megabytes} MB (a zip bomb?)',
  parseZipDamaged: 'The archive could not be read: %{detail}',
  parseNotMsg: 'The file is not an Outlook message (its content is not an OLE compound file)',
  parseMsgNotOutlook: 'The file is an OLE compound file but not an Outlook message',
  parseNoSpeech: 'Audio transcription needs a speech endpoint; none is configured (SPEECH_BASE_URL)',
  parseOcrTimeout: 'OCR took longer than %{seconds} s',
  parseImageTooLarge:
    'The image is too large to read (%{width}×%{height} pixels; the limit is %{megapixels} megapixels)',
  // Extractor
  extractorDisabled: 'The extractor module is disabled',
  extracted: '%{parts}',
  extractedCached: '%{parts} (from the cache: this file was read before with these settings)',
  readEmail: 'Email read',
  readEmailSubject: 'Email read (“%{subject}”)',
  readText: 'Text read',
  readPages: '%{kind} read: %{smart_count} page |||| %{kind} read: %{smart_count} pages',
  readPagesOcr:
    '%{kind} read: %{smart_count} page, %{ocr} by OCR |||| %{kind} read: %{smart_count} pages, %{ocr} by OCR',
  kindDocument: 'Document',
  kindImage: 'Image',
  kindSpreadsheet: 'Spreadsheet',
  kindText: 'Text',
  kindAudio: 'Audio',
  kindPlain: 'Text',
  kindEmail: 'Email',
  attachments: '%{smart_count} attachment |||| %{smart_count} attachments',
  attachmentsUnreadable:
    '%{smart_count} attachment (%{failed} unreadable) |||| %{smart_count} attachments (%{failed} unreadable)',
  textBlocks: '%{smart_count} text block |||| %{smart_count} text blocks',
  // Extractor: what a parser left out or read otherwise (its warnings; a file's own are said after its name)
  attachmentWarning: '%{filename}: %{warning}',
  attachmentError: '%{filename}: %{error}',
  attachmentUnreadable: 'It could not be read: %{detail}',
  warnPageLimit:
    'Only the first %{max} of %{total} pages were read; %{smart_count} was left out (maximum %{max}) |||| Only the first %{max} of %{total} pages were read; %{smart_count} were left out (maximum %{max})',
  warnSlideLimit:
    'Only the first %{max} of %{total} slides were read; %{smart_count} was left out (maximum %{max}) |||| Only the first %{max} of %{total} slides were read; %{smart_count} were left out (maximum %{max})',
  warnOcrPagesSkipped:
    '%{smart_count} page that needed OCR was not read by OCR (maximum %{max} OCR pages): page %{pages} |||| %{smart_count} pages that needed OCR were not read by OCR (maximum %{max} OCR pages): pages %{pages}',
  warnOcrPageFailed: 'OCR failed on page %{page}: %{detail}',
  warnPageUnreadable: 'Page %{page} could not be read: %{detail}',
  warnSheetUnreadable: 'Sheet "%{sheet}" could not be read',
  warnHiddenSheets: 'Hidden sheets left out: %{sheets}',
  warnSheetRows: 'Sheet "%{sheet}": only the first %{max} rows were read',
  warnSheetCells: 'Sheet "%{sheet}": cells beyond row %{rows} or column %{columns} were left out',
  warnWorkbookCut:
    'Sheet "%{sheet}" and the sheets after it are cut: a workbook yields at most %{cells} cells and %{characters} characters of text',
  warnHtmlBodyCut: 'The HTML body is larger than %{megabytes} MB: only its beginning was read',
  warnAttachmentsOff:
    '%{smart_count} attachment not extracted: attachment extraction is turned off |||| %{smart_count} attachments not extracted: attachment extraction is turned off',
  warnAttachmentIgnored: 'Attachment %{filename} skipped: .%{extension} files are ignored',
  warnMessageAttachmentsLimit: 'The message has more than %{max} attachments: %{left} were left out',
  warnAttachmentsLimit: 'Only the first %{max} attachments were read; %{left} more were left out',
  warnTextCut: 'Only the first %{max} characters of the text were read; %{left} more were left out',
  warnAttachmentUnsupported: 'Not read: files ending in .%{extension} are not supported',
  warnAttachmentNoExtension: 'Not read: files without an extension are not supported',
  warnAttachmentsTooDeep:
    '%{smart_count} attachment nested deeper than %{max} levels was not read |||| %{smart_count} attachments nested deeper than %{max} levels were not read',
  warnMsgAttachmentUnreadable: 'The attachment %{name} could not be read and was left out',
  warnEmbeddedTooLarge: 'An embedded object larger than the limit was left out',
  warnEmbeddedUnreadable: 'An embedded object could not be read',
  warnEmbeddedFileUnreadable: 'The embedded object %{filename} could not be read',
  warnDataImagesLimit: 'The page embeds more than %{max} images: the rest were left out',
  warnPptIsPptx: 'The file is named .ppt but is a PowerPoint 2007+ (PPTX) presentation; it was read as PPTX',
  warnDocIsDocx: 'The file is named .doc but is a Word 2007+ (DOCX) document; it was read as DOCX',
  warnSlideListDamaged: 'The slide list is damaged; slides were read in file order',
  warnTablesCut: 'Tables were cut at %{max} cells',
  warnXmlEntitiesNotExpanded: '%{part} refers to XML entities that were not expanded',
  warnXmlEntitiesIgnored: '%{part} declares XML entities; they were ignored',
  warnImageFormat: 'The file is a %{format} image although its name ends in .%{extension}',
  warnImageTooSmall:
    'The image is smaller than the minimum (%{width}×%{height} pixels; minimum %{minWidth}×%{minHeight}): no OCR',
  warnOcrOff: 'OCR is turned off for images: no text was read',
  warnTranscriptionOff: 'Transcription is turned off for audio: no text was read',
  // NLU
  noNluServer: 'No NLU server is configured in this environment',
  nluRead: 'Language %{language}; %{servers}',
  nluServerRead: '%{server}: %{smart_count} interaction |||| %{server}: %{smart_count} interactions',
  nluStartingUp: "The AI was starting up: server '%{server}' started for this analysis",
  nluLoaded: "Server '%{server}' loaded its configuration (%{ms} ms)",
  nluLabelsCut: 'The labelling view keeps the first %{kept} archetype matches of %{found}',
  // The stored result keeps MAX_STORED_INTERACTIONS (server/pipeline-threads/protocol.ts)
  nluInteractionsKept:
    '%{smart_count} more interaction was found; the result keeps the first %{kept} |||| %{smart_count} more interactions were found; the result keeps the first %{kept}',
  // Categorisation
  noCategory: 'No category is configured in this environment',
  categorised: 'Categories: %{names}',
  categorisedWithAttachments: 'Categories: %{names}; %{attachments} attachment categories',
  advancedCategorisationFailed: 'The advanced categorisation failed at line %{line}: %{detail}',
  advancedCategoryUnknown:
    "The advanced categorisation wrote '%{name}', which is not a message category of this environment",
  categorisedAdvanced: 'Categories: %{names} (advanced categorisation)',
  categorisedWithAttachmentsAdvanced:
    'Categories: %{names}; %{attachments} attachment categories (advanced categorisation)',
  ruleFlagged: "Rule '%{rule}' of category '%{category}' is flagged and never matches: %{reason}",
  // OCR data extraction
  ocrDataNotConfigured: 'The OCR data extraction is not configured in this environment',
  ocrDataNoField: 'The OCR data extraction has no field to read yet',
  ocrDataCategoryGone:
    "The category '%{category}' of the OCR data extraction does not exist any more in this environment",
  ocrDataNoDocumentOf: "No document of the category '%{category}' in this analysis",
  ocrDataNoDocument: 'No document in this analysis',
  ocrDataNotFound: '%{document}: not found next to an anchor: %{keys}',
  ocrDataRead: '%{smart_count} value read in %{documents} |||| %{smart_count} values read in %{documents}',
  documents: '%{smart_count} document |||| %{smart_count} documents',
  // Post-processing
  postProcessingNoRule: 'The post-processing has no rule yet',
  postProcessingApplied: '%{applied} of %{rules} applied',
  postProcessingAppliedNamed: '%{applied} of %{rules} applied (%{names})',
  postProcessingAppliedFailed: '%{applied} of %{rules} applied; %{failed} failed',
  postProcessingAppliedNamedFailed: '%{applied} of %{rules} applied (%{names}); %{failed} failed',
  rules: '%{smart_count} rule |||| %{smart_count} rules',
  postProcessingRuleFailed: "The post-processing rule '%{rule}' changed nothing: %{reason}",
  postProcessingRuleConditionFailed:
    "The post-processing rule '%{rule}' changed nothing: Template 'condition', line %{line}: %{detail}",
  postProcessingRuleValueFailed:
    "The post-processing rule '%{rule}' changed nothing: Template 'value', line %{line}: %{detail}",
  postProcessingRuleCategoryGone:
    "The post-processing rule '%{rule}' changed nothing: The message category '%{category}' does not exist any more",
  postProcessingRuleNoTarget: "The post-processing rule '%{rule}' changed nothing: The rule has no target",
  // Vision engine
  visionNotConfigured: 'The vision engine is not configured in this environment',
  visionOff: 'The vision engine is switched off in its settings',
  visionNoLlm:
    'No LLM endpoint is configured on this deployment (LLM_BASE_URL): the vision engine did not run',
  visionNothingToRead: 'The vision engine had neither an image nor text to read in this analysis',
  visionTextCut: 'Only the first %{smart_count} characters of the text were sent to the model',
  visionRead:
    'The model %{model} read %{smart_count} image: %{said} |||| The model %{model} read %{smart_count} images: %{said}',
  visionReadWithText:
    'The model %{model} read %{smart_count} image and the text: %{said} |||| The model %{model} read %{smart_count} images and the text: %{said}',
  visionSaidCategory: 'category %{category}',
  visionSaidFields: '%{found} of %{fields} fields',
  visionSaidCharacters: '%{smart_count} character |||| %{smart_count} characters',
  // Information extraction
  noExtractionField: 'No information extraction field is configured in this environment',
  valuesExtracted: '%{smart_count} value extracted |||| %{smart_count} values extracted',
  valuesExtractedNamed:
    '%{smart_count} value extracted (%{names}) |||| %{smart_count} values extracted (%{names})',
  extractionNotBuiltin: "Field '%{field}': '%{archetype}' is not a built-in archetype",
  // `detail`: why the expression is refused (server/pipeline/nlu/regex-safety.ts), a technical detail
  extractionRegexRefused: "Field '%{field}': %{detail}",
  extractionArchetypeNotLoaded:
    "Field '%{field}': the archetype '%{archetype}' is not loaded by any NLU server",
  // Reply
  noDefaultTemplate: 'No default reply template is configured in this environment',
  replyTemplateFailed: 'The reply template failed: %{detail}',
  replyDrafted: "Reply drafted from the template '%{template}' (%{characters} characters)",
  replyDraftedByLlm: "Reply drafted by the LLM from the template '%{template}' (%{characters} characters)",
  replyNoLlm:
    "The template '%{template}' is an LLM prompt, but no LLM endpoint is configured on this deployment (LLM_BASE_URL): no reply was drafted",
  // Consolidation
  consolidationNotConfigured: 'The consolidation is not configured in this environment',
  consolidationNoEngine:
    'No workflow engine is configured on this deployment (WORKFLOW_BASE_URL): the consolidation did not run',
  consolidationPosted: "Posted to the workflow '%{workflow}' (HTTP %{status})",
  consolidationPostedWaits:
    "Posted to the workflow '%{workflow}' (HTTP %{status}); the analysis waits for its final status",
  consolidationLabelled:
    "Posted to the workflow '%{workflow}' (HTTP %{status}), which answered the labels %{labels}",
  consolidationLabelledWaits:
    "Posted to the workflow '%{workflow}' (HTTP %{status}), which answered the labels %{labels}; the analysis waits for its final status",
  consolidationLabelsIgnored:
    'The workflow answered %{count} labels that were left out: a label is a text of at most %{chars} characters, %{max} at most',
  // Output
  payloadBuilt: 'Payload built (%{size}): %{parts}. %{delivery}',
  payloadIdentityOnly: 'the analysis identity only',
  payloadToWebhooks:
    'It is delivered to %{smart_count} webhook when the analysis ends |||| It is delivered to %{smart_count} webhooks when the analysis ends',
  payloadNoWebhook: 'No webhook is active in this environment to deliver it',
  outputNothingSelected: 'Nothing is selected in the output module: the integration will have no effect',
  outputActivateCategories:
    'The categorization module gives categories: activate categories in the Output module to deliver them',
  outputSkipMismatch: 'Categories to skip that no category of this environment has: %{names}',
  partEmail: 'email headers',
  partHtmlBody: 'HTML body',
  partAttachments: 'attachments',
  partCategories: 'categories',
  partAttachmentsCategories: 'attachment categories',
  partExtractedData: 'extracted data',
  partMetadata: 'metadata',
  partNlu: 'NLU output',
  partReply: 'reply proposal',
  partVision: 'vision engine output',
  // A category's explanation (pipeline/categorisation/criteria.ts)
  criterionAll: 'all of',
  criterionAny: 'any of',
  criterionNot: 'not',
  criterionInteraction: "interaction '%{name}' found",
  criterionInteractionWith: "interaction '%{name}' with %{parameter} = '%{value}' found",
  criterionCategory: "category '%{name}' given",
  criterionExtracted: "extracted '%{name}' = '%{value}'",
  criterionExtractedPresent: "extracted '%{name}' present",
  criterionHeader: "header '%{name}' contains '%{value}'",
  criterionHeaderPresent: "header '%{name}' present",
  criterionMetadata: "metadata '%{name}' = '%{value}'",
  criterionMetadataPresent: "metadata '%{name}' present",
  criterionConsolidation: "the consolidation answered the label '%{name}'",
  // Output payload, NLU test page, OCR data
  // The payload's attachments (pipeline/output/payload.ts): one listed without its data
  payloadFileNotKept: '%{filename}: its file was not kept, so its data is not in the payload',
  payloadAttachmentsTooLarge:
    "%{filename}: left without its data, the payload's attachments would pass %{megabytes} MB",
  // An interaction's search given up in a block (pipeline/nlu/analyse.ts): the NLU step and the NLU test page
  nluSearchStoppedEarly:
    "Interaction '%{interaction}': the search stopped early in a block with too many candidate matches",
  // A field's pattern refused at run time (the settings' check refuses it first); `detail`: why
  // (server/pipeline/nlu/regex-safety.ts), a technical detail
  ocrDataPatternRefused: "The pattern of the field '%{key}' cannot be used: %{detail}",
  // Vision engine and LLM/speech endpoints
  // The images sent (pipeline/vision/images.ts); `detail`: pdf.js's words
  visionPagesNotRendered: '%{filename}: its pages could not be rendered (%{detail})',
  visionImagesNotSent:
    '%{smart_count} page image was not sent: the vision engine sends at most %{images} images and %{megabytes} MB |||| %{smart_count} page images were not sent: the vision engine sends at most %{images} images and %{megabytes} MB',
  // Settings not complete yet (pipeline/vision/stage.ts): `problem` is one of the five below, the
  // settings' own problems (schemas/vision.ts visionProblems), said as the settings say them
  visionNotSetUp: 'The vision engine is not set up: %{problem}',
  visionPromptRequired: 'A custom vision engine needs a prompt',
  visionCategoriesRequired: 'A strict classification needs at least one category',
  visionFieldsRequired: 'A strict extraction needs at least one field',
  visionKeyInvalid: "'%{key}' is not a valid key: a letter, then letters, digits or _ (64 at most)",
  visionKeyTwice: "The key '%{key}' is declared twice",
  // The model's answer (pipeline/vision/answer.ts): warnings, then why it cannot be used (the step
  // fails); `answer`, `refusal`: its first 80 characters; `detail`: JSON.parse's words
  visionAnswerCut: "The model's answer was cut at its length limit",
  visionFieldsUnanswered:
    'The model did not answer the field %{fields}: it is empty |||| The model did not answer the fields %{fields}: they are empty',
  visionAnswerRefused: 'The model refused to answer: “%{refusal}”',
  visionAnswerEmpty: 'The model gave an empty answer',
  visionAnswerCutJson: "The model's answer was cut at its length limit and is not complete JSON: “%{answer}”",
  visionAnswerNotJson: "The model's answer is not valid JSON (%{detail}): “%{answer}”",
  visionAnswerNotObject: "The model's answer is not a JSON object: “%{answer}”",
  visionUndeclaredProperties: 'The model answered undeclared properties: %{properties}',
  visionNoCategory: 'The model answered no category',
  visionCategoryUndeclared:
    'The model answered the category “%{category}”, which is not one of the declared categories: %{declared}',
  visionUndeclaredFields: 'The model answered undeclared fields: %{fields} (declared: %{declared})',
  visionFieldList: "The model answered the field '%{field}' with a list, not text",
  visionFieldObject: "The model answered the field '%{field}' with an object, not text",
  // An endpoint's failure (integrations/endpoint.ts): `endpoint` is one of the two names below;
  // `detail`: Node's words, or the first 200 characters of the endpoint's answer
  endpointLlm: 'LLM',
  endpointSpeech: 'speech',
  endpointTimeout: 'The %{endpoint} endpoint did not answer within %{seconds} s',
  endpointUnreachable: 'The %{endpoint} endpoint could not be reached: %{detail}',
  endpointInternalAddress:
    'The %{endpoint} endpoint could not be reached: %{host} resolves to %{address}, an internal address the platform does not send to',
  endpointHttpStatus: 'The %{endpoint} endpoint answered HTTP %{status}',
  endpointHttpStatusDetail: 'The %{endpoint} endpoint answered HTTP %{status}: %{detail}',
  // An answer the LLM and speech clients cannot read (integrations/llm.ts, speech.ts)
  llmAnswerTooLarge: "The LLM endpoint's answer passed %{megabytes} MB; it was not read",
  llmNoChoice: 'The LLM endpoint answered without a choice (expected choices[0].message)',
  llmNoMessage: 'The LLM endpoint answered without a message (expected choices[0].message.content)',
  speechNoTranscript: 'The speech endpoint answered without a transcript (expected JSON { text })',
  // Consolidation, workflow and thread services
  // Settings not complete yet (pipeline/consolidation/stage.ts): `problem` is one of the two below,
  // the settings' own problems (schemas/consolidation.ts consolidationProblems), said as they say them
  consolidationNotSetUp: 'The consolidation is not set up: %{problem}',
  consolidationWorkflowIdRequired: 'Give the id of the workflow to post to',
  consolidationWorkflowIdInvalid:
    "'%{workflowId}' is not a workflow id: letters, digits, - and _ (128 at most)",
  // The workflow did not take the analysis (integrations/workflow.ts): `reason` is one of the five
  // below, the delivery's outcome (server/delivery/send.ts); `detail`: Node's words
  workflowNotTaken: "The workflow '%{workflow}' did not take the analysis: %{reason}",
  workflowNotTakenDetail: "The workflow '%{workflow}' did not take the analysis: %{detail}",
  workflowNotTakenStatus: "The workflow '%{workflow}' did not take the analysis: HTTP %{status}",
  workflowTimeout: 'The receiver did not answer within %{seconds} s',
  workflowAnswerTooLarge: "The receiver's answer passed %{megabytes} MB; it was cut",
  workflowHttpStatus: 'The receiver answered HTTP %{status}',
  workflowUnreachable: 'The receiver could not be reached: %{detail}',
  workflowInternalAddress:
    '%{host} resolves to %{address}, an internal address the platform does not send to',
} as const;

export type TraceCode = keyof typeof TRACE_MESSAGES_EN;

/**
 * A parameter: a value said as it is; a size, a step or a module said in the reader's language;
 * or a list of messages said one after the other (", " unless told).
 */
export type TraceParam =
  | string
  | number
  | { bytes: number }
  | { step: TraceStep }
  | { module: ModuleType }
  | { list: TraceMessage[]; separator?: string };

export interface TraceMessage {
  code: TraceCode;
  params?: Record<string, TraceParam>;
}

/** What a step says, by code. */
export const traceMessage = (code: TraceCode, params?: Record<string, TraceParam>): TraceMessage =>
  params ? { code, params } : { code };

/** A list of messages as one parameter. */
export const traceList = (list: TraceMessage[], separator?: string): TraceParam =>
  separator ? { list, separator } : { list };

/** How a reader says templates and the parameters that depend on its language. */
export interface TraceReader {
  template(code: TraceCode): string | undefined;
  plural(count: number): number;
  size(bytes: number): string;
  step(step: TraceStep): string;
  module(type: ModuleType): string;
}

/** A template's forms, each cut once into its words and its parameters' names. */
type Form = { words: string[]; params: string[] };
const formsOf = new Map<string, Form[]>();
const PARAM = /%\{(\w+)\}/g;
const compiled = (template: string): Form[] => {
  let forms = formsOf.get(template);
  if (!forms) {
    forms = template.split(' |||| ').map((form) => {
      const words: string[] = [];
      const params: string[] = [];
      let last = 0;
      for (const match of form.matchAll(PARAM)) {
        words.push(form.slice(last, match.index));
        params.push(match[1]);
        last = match.index! + match[0].length;
      }
      words.push(form.slice(last));
      return { words, params };
    });
    formsOf.set(template, forms);
  }
  return forms;
};

/**
 * A message in the reader's language; undefined when the reader lacks one of its codes. The
 * server says every step of every analysis in English with it: templates are cut once, not
 * searched again at each message.
 */
export const sayTrace = (message: TraceMessage, reader: TraceReader): string | undefined => {
  const template = reader.template(message.code);
  if (template === undefined) return undefined;
  const params = currentParams(message);
  const count = params.smart_count;
  const forms = compiled(template);
  const { words, params: names } =
    typeof count === 'number' ? forms[Math.min(reader.plural(count), forms.length - 1)] : forms[0];
  let said = words[0];
  for (let i = 0; i < names.length; i++) {
    const value = params[names[i]];
    let part: string;
    if (value === undefined) part = `%{${names[i]}}`;
    else if (typeof value === 'string' || typeof value === 'number') part = String(value);
    else if ('bytes' in value) part = reader.size(value.bytes);
    else if ('step' in value) part = reader.step(value.step);
    else if ('module' in value) part = reader.module(value.module);
    else {
      const parts: string[] = [];
      for (const m of value.list) {
        const one = sayTrace(m, reader);
        if (one === undefined) return undefined;
        parts.push(one);
      }
      part = parts.join(value.separator ?? ', ');
    }
    said += part + words[i + 1];
  }
  return said;
};

/**
 * Parameters that results stored earlier carry under another name, by code: a stored trace is never
 * rewritten, so its message is read with today's template. (The vision engine's count of images
 * was `images`, said "image(s)"; it is now `smart_count`, said in the plural form it asks for.)
 */
const RENAMED_PARAMS: Partial<Record<TraceCode, Record<string, string>>> = {
  visionRead: { images: 'smart_count' },
  visionReadWithText: { images: 'smart_count' },
};
const currentParams = ({ code, params = {} }: TraceMessage): Record<string, TraceParam> => {
  const renamed = RENAMED_PARAMS[code];
  if (!renamed) return params;
  const current = { ...params };
  for (const [old, name] of Object.entries(renamed))
    if (old in current && !(name in current)) current[name] = current[old];
  return current;
};

const englishSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** The server's own reader: English, the API's language. */
export const ENGLISH_TRACE_READER: TraceReader = {
  template: (code) => TRACE_MESSAGES_EN[code],
  plural: (count) => (count === 1 ? 0 : 1),
  size: englishSize,
  step: (step) => step,
  module: (type) => MODULE_NAMES[type],
};

/** The English sentence the stored trace and the API give. */
export const inEnglish = (message: TraceMessage): string => sayTrace(message, ENGLISH_TRACE_READER)!;
