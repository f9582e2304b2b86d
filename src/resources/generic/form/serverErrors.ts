import type { ErrorSchema } from '@rjsf/utils';
import { detailMessage, errorMessage, HttpError } from '../../../api';
import type { ResourceLabels } from '../../labels';
import type { ResourceDescriptor } from '../../types';
import { pathSegments, translationPath } from './errorPaths';

export interface ServerErrors {
  /** Field errors for rjsf's `extraErrors`. */
  fields: ErrorSchema;
  /** What belongs to no field of the form (or the whole answer when it names none). */
  message?: string;
}

interface Detail {
  path: string;
  message: string;
  /** The rule broken: translated by `resources.<res>.errors.<field>.<keyword>` when that key exists. */
  keyword?: string;
  /** A coded problem (schemas/detail-messages.ts) with its params: said in the user's language. */
  code?: string;
  params?: Record<string, unknown>;
}

const isDetail = (value: unknown): value is Detail =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  'message' in value &&
  typeof value.path === 'string' &&
  typeof value.message === 'string';

const bodyField = (error: HttpError, key: string): unknown =>
  typeof error.body === 'object' && error.body !== null
    ? (error.body as Record<string, unknown>)[key]
    : undefined;

const addAt = (schema: Record<string, unknown>, segments: string[], message: string) => {
  const node = segments.reduce<Record<string, unknown>>((parent, segment) => {
    const child = parent[segment];
    if (typeof child === 'object' && child !== null) return child as Record<string, unknown>;
    const created: Record<string, unknown> = {};
    parent[segment] = created;
    return created;
  }, schema);
  node.__errors = [...(Array.isArray(node.__errors) ? node.__errors : []), message];
};

/**
 * A refused save as rjsf errors (DESIGN.md §5): each `details` entry on its field, a uniqueness
 * conflict (409, x-admin `unique`) in the user's language by `resources.<res>.errors.<field>.unique`.
 */
export const serverErrors = (
  error: unknown,
  resource: ResourceDescriptor,
  labels: ResourceLabels,
): ServerErrors => {
  if (!(error instanceof HttpError)) return { fields: {}, message: errorMessage(error) };
  const rawDetails = bodyField(error, 'details');
  const code = bodyField(error, 'code');
  const unique = resource.hints.unique?.find((entry) => entry.code === code);
  // A uniqueness conflict without details still belongs on the fields that must be unique.
  const details: Detail[] = Array.isArray(rawDetails)
    ? rawDetails.filter(isDetail)
    : (unique?.fields.map((path) => ({ path, message: errorMessage(error) })) ?? []);
  const known = new Set(resource.fields.map((field) => field.name));
  const fields: Record<string, unknown> = {};
  const stray: string[] = [];
  for (const detail of details) {
    const segments = pathSegments(detail.path);
    const said = detailMessage(detail);
    if (segments.length === 0 || !known.has(segments[0])) {
      stray.push(said);
      continue;
    }
    const path = translationPath(segments);
    const keyword = unique?.fields.includes(path) ? 'unique' : detail.keyword;
    const message = keyword ? labels.error(path, keyword, said) : said;
    addAt(fields, segments, message);
  }
  const message = details.length === 0 ? errorMessage(error) : stray.join(' ') || undefined;
  return { fields: fields as ErrorSchema, message };
};
