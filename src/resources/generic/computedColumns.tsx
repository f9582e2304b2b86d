import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { TranslateFunction } from 'react-admin';
import type { ComputedColumn } from '../../../schemas';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const items = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isObject) : [];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Group criteria: how their children join, or (`not`) what negates one. */
const GROUPS = new Set(['all', 'any', 'not']);

/**
 * A criteria tree in words (`interaction complaint and not category spam`), in the user's language
 * (`app.lists.criteria.*`). Nested groups are bracketed; an empty group or a tree without leaves
 * says "nothing".
 *
 * @example criteriaInWords(translate, { type: 'any', children: [{ type: 'interaction', name: 'a' }, …] })
 */
export const criteriaInWords = (translate: TranslateFunction, criterion: unknown, nested = false): string => {
  if (!isObject(criterion)) return translate('app.lists.criteria.nothing');
  const type = text(criterion.type);
  if (GROUPS.has(type)) {
    const children = items(criterion.children).map((child) => criteriaInWords(translate, child, true));
    if (children.length === 0) return translate('app.lists.criteria.nothing');
    if (type === 'not') return translate('app.lists.criteria.not', { criterion: children.join(', ') });
    if (children.length === 1) return children[0];
    const joined = children.join(translate(`app.lists.criteria.${type === 'all' ? 'and' : 'or'}`));
    return nested ? `(${joined})` : joined;
  }
  const leaf = translate(`app.lists.criteria.leaf.${type}`, { name: text(criterion.name), _: type });
  const value = text(criterion.value);
  const parameter = text(criterion.parameter);
  if (parameter)
    return translate('app.lists.criteria.parameter', { criterion: leaf, parameter, value: value || '…' });
  if (!value) return leaf;
  return translate(`app.lists.criteria.${type === 'header' ? 'contains' : 'equals'}`, {
    criterion: leaf,
    value,
  });
};

/**
 * The lowest number at `<list>.<field>` of a record (`rules.priority`) among the items not disabled
 * (`enabled: false`: a disabled rule is never tried), or undefined.
 */
const lowest = (record: Record<string, unknown>, path: string): number | undefined => {
  const [list, field] = path.split('.');
  const numbers = items(record[list])
    .filter((item) => item.enabled !== false)
    .map((item) => item[field])
    .filter((n): n is number => typeof n === 'number');
  return numbers.length ? Math.min(...numbers) : undefined;
};

export interface ComputedValueProps {
  record: Record<string, unknown>;
  name: string;
  column: ComputedColumn;
  translate: TranslateFunction;
  locale: string;
}

/**
 * A cell of an x-admin computed column: the referrers the server added (names, or a count), the
 * lowest number of one of the record's lists, or its named criteria trees one per line.
 */
export const ComputedValue = ({ record, name, column, translate, locale }: ComputedValueProps): ReactNode => {
  const number = (n: number | undefined) => (n === undefined ? '' : new Intl.NumberFormat(locale).format(n));
  if ('referrers' in column) {
    const value = record[name];
    if (typeof value === 'number') return number(value);
    return Array.isArray(value) ? value.map(text).join(', ') : '';
  }
  if ('lowest' in column) return number(lowest(record, column.lowest));
  return (
    <>
      {items(record[column.criteria]).map((item, index) => {
        const line = translate('app.lists.criteria.named', {
          name: text(item.name),
          criteria: criteriaInWords(translate, item.criteria),
        });
        return item.enabled === false ? (
          <Box key={index} sx={{ color: 'text.disabled' }}>
            {translate('app.lists.criteria.disabled', { rule: line })}
          </Box>
        ) : (
          <Box key={index}>{line}</Box>
        );
      })}
    </>
  );
};
