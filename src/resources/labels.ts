import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { TranslateFunction } from 'react-admin';
import { errorCodeOf, errorMessage, serverMessage } from '../api';
import { translateError } from '../i18n/errorCodes';
import { resourceSchemas } from '../../schemas';
import { AUDITED_SETTINGS } from '../../schemas/audit-log.schema';
import type { ResourceDescriptor } from './types';

/** `contractStartDate` → `Contract start date`: what a resource without translations still shows. */
export const humanize = (path: string): string => {
  const last = path.split('.').pop() ?? path;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Rules the server applies to every input, whatever the resource (server/kernel/http/input.ts): a
 * detail's keyword and the code whose words after a field's label (`app.errors.onField.<CODE>`)
 * the field shows.
 */
export const INPUT_ERROR_CODES: Record<string, string> = {
  invalidCharacter: 'INVALID_CHARACTER',
  maxDepth: 'JSON_TOO_DEEP',
};

/** A field's refusal by one of those rules in the user's language, else `fallback`. */
export const inputErrorMessage = (
  translate: TranslateFunction,
  keyword: string | undefined,
  fallback: string,
) => {
  const code = keyword ? INPUT_ERROR_CODES[keyword] : undefined;
  return code ? translate(`app.errors.onField.${code}`, { _: fallback }) : fallback;
};

/**
 * A refusal of a resource route (a delete refused because something still uses the record) in the
 * user's language: `app.errors.codes.<CODE>` with the answer's parameters, else the server's words.
 */
export const refusalMessage = (translate: TranslateFunction, error: unknown): string => {
  const coded = errorCodeOf(error);
  return coded
    ? translateError(translate, coded.code, coded.params, serverMessage(error))
    : errorMessage(error);
};

/**
 * A resource's name in the user's language from its path (`reply-templates` → "Reply template"), as
 * the audit log records it; an unknown path reads as words.
 */
export const resourceName = (translate: TranslateFunction, path: string, count = 1): string =>
  translate(`resources.${path}.name`, {
    smart_count: count,
    _: translate(`app.lists.resourceNames.${path}`, { _: humanize(path) }),
  });

/** Every name a `resourceName` field may hold: the resources' paths and the audited settings. */
export const RESOURCE_NAMES: readonly string[] = [
  ...new Set([...resourceSchemas.map((schema) => schema['x-admin'].path), ...AUDITED_SETTINGS]),
];

export interface ResourceLabels {
  /** `resources.<res>.name`, singular or plural (`smart_count`). */
  name(count?: number): string;
  /** `resources.<res>.fields.<path>`; nested paths are dotted (`projects.access`). */
  field(path: string): string;
  /** `resources.<res>.values.<path>.<value>` for enum values. */
  value(path: string, value: unknown): string;
  /**
   * `resources.<res>.errors.<path>.<keyword>`, else the message of an input rule's code
   * (`app.errors.onField.<CODE>`), else `fallback` (the spec or server text).
   */
  error(path: string, keyword: string, fallback: string): string;
  /** `resources.<res>.help.<path>`: a line under the field, or '' when it has none. */
  help(path: string): string;
}

/** French elides the article before a vowel: `l’environnement`, `cet archétype`. */
const startsWithVowel = (word: string) => /^[aeiouyàâéèêëîïôûü]/i.test(word);

/**
 * Labels of a resource from its translation keys (DESIGN.md §4), with readable fallbacks so that a
 * resource whose keys are missing still renders (the i18n coverage test is what catches them).
 */
export const resourceLabels = (
  translate: TranslateFunction,
  resource: ResourceDescriptor,
): ResourceLabels => {
  const prefix = `resources.${resource.name}`;
  return {
    name: (count = 1) => translate(`${prefix}.name`, { smart_count: count, _: humanize(resource.name) }),
    field: (path) => translate(`${prefix}.fields.${path}`, { _: humanize(path) }),
    value: (path, value) => translate(`${prefix}.values.${path}.${String(value)}`, { _: String(value) }),
    error: (path, keyword, fallback) =>
      translate(`${prefix}.errors.${path}.${keyword}`, {
        _: inputErrorMessage(translate, keyword, fallback),
      }),
    help: (path) => translate(`${prefix}.help.${path}`, { _: '' }),
  };
};

export const useResourceLabels = (resource: ResourceDescriptor): ResourceLabels => {
  const translate = useTranslate();
  return useMemo(() => resourceLabels(translate, resource), [translate, resource]);
};

export type RecordMessage =
  'create' | 'edit' | 'show' | 'deleteTitle' | 'deleteContent' | 'created' | 'updated' | 'deleted';

/**
 * The words about one record that agree with the resource's gender in French (i18n/wording.ts):
 * the create, edit and show titles, the delete title and question, the notices.
 *
 * @example
 * recordWording(translate, environments)('deleteTitle', { record: 'Walk' }); // Supprimer l’environnement « Walk »
 */
export const recordWording =
  (translate: TranslateFunction, resource: ResourceDescriptor) =>
  (message: RecordMessage, { record = '', count = 1 }: { record?: string; count?: number } = {}): string => {
    const prefix = `resources.${resource.name}`;
    const name = translate(`${prefix}.name`, { smart_count: 1, _: humanize(resource.name) });
    const gender = translate(`${prefix}.gender`, { _: 'm' }) === 'f' ? 'f' : 'm';
    const variant = `${gender}${startsWithVowel(name) ? 'Vowel' : ''}`;
    return translate(`app.resource.${message}.${variant}`, {
      Name: name,
      name: name.toLocaleLowerCase(),
      names: translate(`${prefix}.name`, {
        smart_count: 2,
        _: humanize(resource.name),
      }).toLocaleLowerCase(),
      record,
      smart_count: count,
    });
  };
