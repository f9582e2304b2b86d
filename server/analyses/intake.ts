import type { FastifyRequest } from 'fastify';
import { SUPPORTED_EXTENSIONS } from '../../schemas/extractor-settings';
import { mailAddressesAreValid } from '../../schemas/mail-addresses';
import { fileTooLarge, readForm } from '../kernel/http/form';
import { checkDecoded } from '../kernel/http/input';
import { extensionOf } from '../pipeline/extractor/settings';
import { validationError } from '../resources/validation';
import type { NewAnalysis } from './analysis-inserts';

/** Attachments of a simulated mail. */
export const MAX_MAIL_ATTACHMENTS = 20;

type Problem = { path: string; message: string; keyword: string; custom: true };
const problem = (path: string, message: string, keyword: string): Problem => ({
  path,
  message,
  keyword,
  custom: true,
});

interface Fields {
  type?: string;
  name?: string;
  text?: string;
  to?: string;
  from?: string;
  subject?: string;
  body?: string;
  metadata?: unknown;
  manualFinalStatus?: unknown;
  /** Only the message bank reads it (testing/routes.ts); an analysis has no tags. */
  tags?: unknown;
}

interface UploadedFile {
  field: string;
  filename: string;
  mime: string;
  bytes: Uint8Array;
}

const asBoolean = (value: unknown) => value === true || value === 'true' || value === '1';

const asMetadata = (value: unknown, problems: Problem[]): Record<string, unknown> => {
  if (value === undefined || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      problems.push(problem('metadata', 'metadata must be a JSON object', 'type'));
      return {};
    }
    // JSON in a form field: checked like a JSON body's (a JSON body's was, before the route).
    checkDecoded(parsed, 'metadata', 1);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    problems.push(problem('metadata', 'metadata must be a JSON object', 'type'));
    return {};
  }
  return parsed as Record<string, unknown>;
};

/** The request's fields and files, from a multipart form or a JSON body. */
const readBody = async (
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Fields; files: UploadedFile[] }> => {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body))
      throw validationError([problem('', 'The body must be a JSON object', 'type')]);
    const mail = (body.mail ?? {}) as Record<string, unknown>;
    return { fields: { ...mail, ...body } as Fields, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  // A text field is bounded as a JSON text is (analysisOf): up to maxBytes, refused beyond.
  for await (const part of readForm(request, { maxBytes, files: MAX_MAIL_ATTACHMENTS + 1 })) {
    if (part.kind === 'file') {
      total += part.bytes.length;
      if (total > maxBytes) throw fileTooLarge(maxBytes);
      files.push({
        field: part.field,
        filename: part.filename || 'file',
        mime: part.mime,
        bytes: part.bytes,
      });
    } else {
      fields[part.name] = part.value;
    }
  }
  return { fields: fields as Fields, files };
};

const checkExtension = (file: UploadedFile, path: string, problems: Problem[]) => {
  const ext = extensionOf(file.filename);
  if (!(SUPPORTED_EXTENSIONS as string[]).includes(ext)) {
    problems.push(
      problem(path, `${file.filename}: files ending in .${ext || '(none)'} are not accepted`, 'extension'),
    );
  }
};

/** Composes a simulated mail into the RFC 822 message the email parser reads, like a real one. */
const composeMail = async (fields: Fields, attachments: UploadedFile[]): Promise<Uint8Array> => {
  // Loaded at the first simulated mail, not at start.
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const composer = new MailComposer({
    from: fields.from,
    to: fields.to,
    subject: fields.subject ?? '',
    text: fields.body ?? '',
    date: new Date(),
    attachments: attachments.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.bytes),
      contentType: a.mime,
    })),
  });
  const built = await composer.compile().build();
  return new Uint8Array(built.buffer, built.byteOffset, built.byteLength);
};

/**
 * Reads a request to analyse something — a file, pasted text, or a simulated mail — from a
 * multipart form or JSON, and checks it: one error per field at fault, in the validation format
 * (simulated addresses need an @, files need an accepted extension and fit the size bound).
 */
export const readAnalysisRequest = async (
  request: FastifyRequest,
  environmentId: string,
  maxBytes: number,
): Promise<AnalysisRequest> => {
  const { fields, files } = await readBody(request, maxBytes);
  return { ...(await analysisOf(fields, files, environmentId, maxBytes)), tags: fields.tags };
};

export type AnalysisRequest = Omit<NewAnalysis, 'createdBy' | 'accessKeyId' | 'idempotencyKey'> & {
  /** The `tags` field as sent, for the message bank. */
  tags?: unknown;
};

const analysisOf = async (
  fields: Fields,
  files: UploadedFile[],
  environmentId: string,
  maxBytes: number,
): Promise<Omit<NewAnalysis, 'createdBy' | 'accessKeyId' | 'idempotencyKey'>> => {
  const problems: Problem[] = [];
  const metadata = asMetadata(fields.metadata, problems);
  const manualFinalStatus = asBoolean(fields.manualFinalStatus);
  const type =
    fields.type ?? (files.length && !fields.to ? 'file' : fields.to || fields.from ? 'mail' : 'text');
  const name = typeof fields.name === 'string' ? fields.name.trim().slice(0, 200) : '';
  const base = { environmentId, metadata, manualFinalStatus };
  if (type === 'file') {
    const file = files.find((f) => f.field === 'file') ?? files[0];
    if (!file) problems.push(problem('file', 'A file is required', 'required'));
    else checkExtension(file, 'file', problems);
    if (problems.length || !file) throw validationError(problems);
    return { ...base, name: name || file.filename, inputType: 'file', file };
  }
  if (type === 'text') {
    const text = typeof fields.text === 'string' ? fields.text : '';
    if (!text.trim()) problems.push(problem('text', 'The text is empty', 'required'));
    if (Buffer.byteLength(text) > maxBytes) throw fileTooLarge(maxBytes);
    if (problems.length) throw validationError(problems);
    return { ...base, name: name || text.trim().slice(0, 60), inputType: 'text', text };
  }
  if (type !== 'mail') throw validationError([problem('type', 'type must be file, text or mail', 'enum')]);
  for (const field of ['from', 'to'] as const) {
    const value = fields[field];
    if (typeof value !== 'string' || !value.trim())
      problems.push(problem(field, `${field} is required`, 'required'));
    else if (!mailAddressesAreValid(value)) {
      problems.push(problem(field, `${field} must be an email address (with an @)`, 'email'));
    }
  }
  const attachments = files;
  if (attachments.length > MAX_MAIL_ATTACHMENTS) {
    problems.push(problem('attachments', `At most ${MAX_MAIL_ATTACHMENTS} attachments`, 'maxItems'));
  }
  attachments.forEach((a, i) => checkExtension(a, `attachments.${i}`, problems));
  if (problems.length) throw validationError(problems);
  const bytes = await composeMail(fields, attachments);
  const subject = fields.subject?.trim();
  return {
    ...base,
    name: name || subject || `Mail from ${fields.from}`,
    inputType: 'mail',
    file: { filename: 'simulated-mail.eml', mime: 'message/rfc822', bytes },
  };
};
