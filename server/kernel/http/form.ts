import type { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ClientError } from './errors';
import { checkFormPart } from './input';

/** Fields and files of one form: more than any route reads (docs/security.md, "Request bodies"). */
export const MAX_FORM_PARTS = 100;

export interface FormLimits {
  /** The largest file, and the largest text field: a form's text is bounded as a JSON one. */
  maxBytes: number;
  /** The most files the form may carry. */
  files: number;
}

export type FormPart =
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'file'; field: string; filename: string; mime: string; bytes: Uint8Array };

const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

/** 413 for a file past the bound: the words of the JSON text's bound (analyses/intake.ts). */
export const fileTooLarge = (maxBytes: number) =>
  new ClientError(413, 'FILE_TOO_LARGE', `The files are larger than ${megabytes(maxBytes)} MB`, {
    limitBytes: maxBytes,
    params: { megabytes: megabytes(maxBytes) },
  });

const malformed = (message: string) => new ClientError(400, 'MALFORMED_MULTIPART', message);

/** The `boundary` parameter of a multipart Content-Type (RFC 2046 §5.1.1), quoted or not. */
const boundaryOf = (contentType: string | undefined) =>
  /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i
    .exec(contentType ?? '')
    ?.slice(1)
    .find(Boolean);

/**
 * Watches the raw body for the closing delimiter (`CRLF--boundary--`), which no part's content can
 * hold: busboy ends a body cut short as if it were complete, and the parts read so far would be
 * taken for the whole form. Keeps only the delimiter's length of each chunk's end.
 */
const watchClosing = (raw: Readable, boundary: string) => {
  const needle = Buffer.from(`\r\n--${boundary}--`);
  const keep = needle.length - 1;
  // The body may open on its closing delimiter (an empty form): as if a line had ended before it.
  let tail = Buffer.from('\r\n');
  let seen = false;
  const onData = (chunk: Buffer) => {
    if (seen) return;
    if (chunk.includes(needle) || Buffer.concat([tail, chunk.subarray(0, keep)]).includes(needle)) {
      seen = true;
      return;
    }
    tail = Buffer.from(
      chunk.length >= keep
        ? chunk.subarray(chunk.length - keep)
        : Buffer.concat([tail, chunk]).subarray(-keep),
    );
  };
  raw.on('data', onData);
  return { seen: () => seen, stop: () => raw.off('data', onData) };
};

/** @fastify/multipart's and busboy's errors, in the registry's codes with words that say the fault. */
const formError = (error: unknown, limits: FormLimits): unknown => {
  if (error instanceof ClientError) return error;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(limits.maxBytes);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new ClientError(413, 'FORM_TOO_MANY_PARTS', `The form has more than ${MAX_FORM_PARTS} parts`, {
      params: { limit: MAX_FORM_PARTS },
    });
  if (code === 'FST_FILES_LIMIT')
    return new ClientError(413, 'FORM_TOO_MANY_FILES', `The form has more than ${limits.files} files`, {
      params: { limit: limits.files },
    });
  if (code === 'FST_INVALID_JSON_FIELD_ERROR')
    return malformed('A form field declared as application/json is not valid JSON');
  // A file part cut by the end of the body: @fastify/multipart closes its stream on Dicer's
  // "Unexpected end of multipart data" (or passes on Dicer's "… terminated early due to …").
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || /unexpected end of multipart data/i.test(message ?? ''))
    return malformed('The multipart body ends before its closing boundary');
  return error;
};

/**
 * Reads a multipart form's parts, each checked like a JSON field (checkFormPart), files read whole.
 * Nothing is cut silently: a field past `maxBytes`, more
 * parts or files than the bounds, a body past the route's body limit, a body without its boundary
 * parameter or its closing delimiter are each refused with their own code.
 */
export async function* readForm(request: FastifyRequest, limits: FormLimits): AsyncGenerator<FormPart> {
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary) throw malformed('The multipart Content-Type has no boundary parameter');
  const closing = watchClosing(request.raw, boundary);
  // The route's body limit holds for a form as for JSON (bodyLimit is not applied to a stream).
  const bodyLimit = request.routeOptions.bodyLimit;
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > bodyLimit)
      throw new ClientError(413, 'BODY_TOO_LARGE', 'The request body is too large', {
        limitBytes: bodyLimit,
      });
  };
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxBytes,
        fieldSize: limits.maxBytes,
        files: limits.files,
        parts: MAX_FORM_PARTS,
      },
    });
    for await (const part of parts) {
      checkFormPart(part);
      if (part.type === 'file') {
        const bytes = await readFile(part, limits);
        count(bytes.length);
        yield { kind: 'file', field: part.fieldname, filename: part.filename, mime: part.mimetype, bytes };
      } else {
        checkField(part, limits);
        count(typeof part.value === 'string' ? Buffer.byteLength(part.value) : 0);
        yield { kind: 'field', name: part.fieldname, value: part.value };
      }
    }
  } catch (error) {
    throw formError(error, limits);
  } finally {
    closing.stop();
  }
  if (!closing.seen()) throw malformed('The multipart body ends before its closing boundary');
}

const checkField = (part: MultipartValue, limits: FormLimits) => {
  if (part.valueTruncated)
    throw new ClientError(
      413,
      'FORM_FIELD_TOO_LARGE',
      `The form field ${part.fieldname} is larger than ${megabytes(limits.maxBytes)} MB`,
      {
        limitBytes: limits.maxBytes,
        params: { field: part.fieldname, megabytes: megabytes(limits.maxBytes) },
      },
    );
};

const readFile = async (part: MultipartFile, limits: FormLimits): Promise<Uint8Array> => {
  const buffer = await part.toBuffer().catch((error: unknown) => {
    throw formError(error, limits);
  });
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
};
