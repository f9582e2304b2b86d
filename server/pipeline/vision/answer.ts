import { traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import type { VisionOutput, VisionSettings } from '../../../schemas/vision';
import { CodedError, type ChatAnswer, type ChatRequest } from '../stage';
import type { VisionImage } from './images';

/** The instructions of each strict type; the user's prompt follows them. */
const listed = (keys: VisionSettings['categories']) =>
  keys.map((k) => `- ${k.key}${k.description ? `: ${k.description}` : ''}`).join('\n');

const instructions = (settings: VisionSettings): string => {
  switch (settings.type) {
    case 'custom':
      return settings.prompt;
    case 'strict_classification':
      return [
        'Classify the document shown in the images, and in its text when given, into exactly one of these categories.',
        'Answer with JSON only: {"category": "<key>"}, where <key> is one of the keys below, written exactly as listed.',
        listed(settings.categories),
        settings.prompt,
      ]
        .filter(Boolean)
        .join('\n\n');
    case 'strict_extraction':
      return [
        'Read the fields below from the document shown in the images, and in its text when given.',
        'Answer with JSON only: an object with exactly these keys, each a string, or null when the document does not give it.',
        listed(settings.fields),
        settings.prompt,
      ]
        .filter(Boolean)
        .join('\n\n');
  }
};

/** The JSON schema the strict types ask the model to follow (structured output). */
const responseFormat = (settings: VisionSettings): ChatRequest['responseFormat'] => {
  if (settings.type === 'strict_classification')
    return {
      name: 'classification',
      schema: {
        type: 'object',
        additionalProperties: false,
        required: ['category'],
        properties: { category: { type: 'string', enum: settings.categories.map((c) => c.key) } },
      },
    };
  if (settings.type === 'strict_extraction')
    return {
      name: 'extraction',
      schema: {
        type: 'object',
        additionalProperties: false,
        required: settings.fields.map((f) => f.key),
        properties: Object.fromEntries(
          settings.fields.map((f) => [f.key, { type: ['string', 'null'], description: f.description }]),
        ),
      },
    };
  return undefined;
};

/**
 * The chat-completions request of one analysis: the instructions as the system message, then the
 * text the extractor read and the page images as the user's message.
 */
export const visionRequest = (
  settings: VisionSettings,
  text: string,
  images: VisionImage[],
): ChatRequest => ({
  messages: [
    { role: 'system', content: instructions(settings) },
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: text ? `Text of the document:\n\n${text}` : 'The document has no text: read the images.',
        },
        ...images.map((image) => ({ type: 'image_url' as const, image_url: { url: image.dataUrl } })),
      ],
    },
  ],
  responseFormat: responseFormat(settings),
});

/**
 * An answer the vision engine cannot use: the step fails with this reason, by code (the engine
 * stores it as the step's error, its English as the API's words).
 */
export class VisionAnswerError extends CodedError {
  constructor(trace: TraceMessage) {
    super(trace);
    this.name = 'VisionAnswerError';
  }
}

/** What a reason quotes of the model's words: their first 80 characters (the templates put the quotes). */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** The answer's JSON object, or why it is none. */
const jsonObject = (answer: ChatAnswer): Record<string, unknown> => {
  const content = answer.content?.trim() ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    // JSON.parse's words are only the technical detail.
    throw new VisionAnswerError(
      answer.finishReason === 'length'
        ? traceMessage('visionAnswerCutJson', { answer: excerpt(content) })
        : traceMessage('visionAnswerNotJson', { detail: (error as Error).message, answer: excerpt(content) }),
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new VisionAnswerError(traceMessage('visionAnswerNotObject', { answer: excerpt(content) }));
  return parsed as Record<string, unknown>;
};

/**
 * What the model answered, checked against the settings (DESIGN.md §6: "never a made-up answer"):
 * a refusal, an empty or truncated answer, JSON that does not parse, a category or a field that was
 * not declared, a value that is not text, each fails the step with what was wrong (a
 * VisionAnswerError, by code). Answers the output and the warnings, by code (a declared field the
 * model left out, a custom answer cut short).
 */
export const readVisionAnswer = (
  settings: VisionSettings,
  answer: ChatAnswer,
  images: number,
): { output: VisionOutput; warnings: TraceMessage[] } => {
  if (answer.refusal)
    throw new VisionAnswerError(traceMessage('visionAnswerRefused', { refusal: excerpt(answer.refusal) }));
  if (!answer.content?.trim()) throw new VisionAnswerError(traceMessage('visionAnswerEmpty'));
  const base = { type: settings.type, model: answer.model, images };
  const warnings: TraceMessage[] = [];
  if (settings.type === 'custom') {
    if (answer.finishReason === 'length') warnings.push(traceMessage('visionAnswerCut'));
    return { output: { ...base, text: answer.content }, warnings };
  }
  const object = jsonObject(answer);
  if (settings.type === 'strict_classification') {
    const declared = settings.categories.map((c) => c.key);
    const other = Object.keys(object).filter((k) => k !== 'category');
    if (other.length)
      throw new VisionAnswerError(
        traceMessage('visionUndeclaredProperties', { properties: other.join(', ') }),
      );
    const category = object.category;
    if (typeof category !== 'string') throw new VisionAnswerError(traceMessage('visionNoCategory'));
    if (!declared.includes(category))
      throw new VisionAnswerError(
        traceMessage('visionCategoryUndeclared', {
          category: excerpt(category),
          declared: declared.join(', '),
        }),
      );
    return { output: { ...base, category }, warnings };
  }
  const declared = settings.fields.map((f) => f.key);
  const unknown = Object.keys(object).filter((k) => !declared.includes(k));
  if (unknown.length)
    throw new VisionAnswerError(
      traceMessage('visionUndeclaredFields', { fields: unknown.join(', '), declared: declared.join(', ') }),
    );
  const data: Record<string, string | null> = {};
  const missing: string[] = [];
  for (const key of declared) {
    const value = object[key];
    if (value === undefined) missing.push(key);
    if (value === undefined || value === null) data[key] = null;
    else if (typeof value === 'string') data[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') data[key] = String(value);
    else
      throw new VisionAnswerError(
        traceMessage(Array.isArray(value) ? 'visionFieldList' : 'visionFieldObject', { field: key }),
      );
  }
  if (missing.length)
    warnings.push(
      traceMessage('visionFieldsUnanswered', { smart_count: missing.length, fields: missing.join(', ') }),
    );
  return { output: { ...base, data }, warnings };
};
