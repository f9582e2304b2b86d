import type { TranslateFunction } from 'react-admin';
import type { NewAnalysis } from '../../../../schemas/contracts/analyses';
import { detailMessage, errorMessage, HttpError } from '../../../api';
import { INPUT_ERROR_CODES, inputErrorMessage } from '../../../resources/labels';

/** The inputs of the creation dialogs a message can belong to; `form` for the rest. */
export type CreationField = 'file' | 'text' | 'from' | 'to' | 'attachments' | 'metadata' | 'form';
export type CreationErrors = Partial<Record<CreationField, string>>;

interface Detail {
  path: string;
  message: string;
  keyword?: string;
  /** The problem by code (schemas/detail-messages.ts, a schema's `schema*`): said in the user's language. */
  code?: string;
  params?: Record<string, unknown>;
}

const detailsOf = (error: HttpError): Detail[] => {
  const body = error.body;
  const details = typeof body === 'object' && body !== null && 'details' in body ? body.details : undefined;
  return Array.isArray(details)
    ? details.filter(
        (d): d is Detail =>
          typeof d === 'object' && d !== null && typeof d.path === 'string' && typeof d.message === 'string',
      )
    : [];
};

const fields = new Set<string>(['file', 'text', 'from', 'to', 'attachments', 'metadata']);

/**
 * A refused creation (400 with `details`, 413) as messages on the dialog's fields, in the user's
 * language where the rule is known (`keyword`), else the server's words.
 */
export const creationErrors = (
  error: unknown,
  input: NewAnalysis,
  translate: TranslateFunction,
): CreationErrors => {
  if (!(error instanceof HttpError)) return { form: errorMessage(error) };
  if (error.status === 413) {
    const message = translate('app.analyses.upload.tooLargeForServer');
    return input.type === 'mail' ? { attachments: message } : { file: message };
  }
  const errors: CreationErrors = {};
  for (const detail of detailsOf(error)) {
    const [head, index] = detail.path.split('.');
    const field = (fields.has(head) ? head : 'form') as CreationField;
    const file =
      head === 'attachments' ? input.attachments?.[Number(index)] : head === 'file' ? input.file : undefined;
    const message =
      detail.keyword === 'email'
        ? translate('app.analyses.mail.invalidAddress')
        : detail.keyword === 'extension' && file instanceof File
          ? translate('app.analyses.upload.extension', { name: file.name })
          : detail.keyword === 'required'
            ? translate('ra.validation.required')
            : detail.keyword && INPUT_ERROR_CODES[detail.keyword]
              ? `${field === 'form' ? `${detail.path} ` : ''}${inputErrorMessage(translate, detail.keyword, detail.message)}`
              : detailMessage(detail);
    errors[field] = errors[field] ? `${errors[field]} ${message}` : message;
  }
  return Object.keys(errors).length > 0 ? errors : { form: errorMessage(error) };
};
