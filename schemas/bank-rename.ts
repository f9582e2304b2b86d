import { z } from 'zod';
import { bankMessageSchema } from './bank-message.schema';

/**
 * Bulk rename of the message bank's files (spec: "bulk rename of files"), as Finder's or Bridge's
 * batch rename does it. One pure function serves the console's preview and the server, so the
 * preview is exactly what the server does.
 */

export const RENAME_MODES = ['replace', 'add', 'separator', 'nameAndIndex'] as const;
export type RenameMode = (typeof RENAME_MODES)[number];

/**
 * The longest name a rename may give: the bank's own limit on a message's name (longer names could
 * not be saved again by the message's form).
 */
export const RENAME_MAX_LENGTH: number = bankMessageSchema.properties.name.maxLength;

const text = z.string().max(RENAME_MAX_LENGTH);

/**
 * How to rename:
 * - `replace`: every occurrence of `find` (plain text, case-sensitive) in the whole name becomes `replaceWith`;
 * - `add`: `text` before the name, or after it but before its extension;
 * - `separator`: in the name without its extension, the separator `find` becomes `replaceWith`; a run of
 *   separators becomes one, and those at the start or end are dropped (`__scan__2024_.pdf` → `scan 2024.pdf`);
 * - `nameAndIndex`: `name` and an index from `startIndex`, in the order given, each file keeping its extension.
 */
export const renameRule = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('replace'), find: text.min(1), replaceWith: text }),
  z.object({ mode: z.literal('add'), text: text.min(1), position: z.enum(['before', 'after']) }),
  z.object({
    mode: z.literal('separator'),
    find: z.string().min(1).max(10),
    replaceWith: z.string().max(10),
  }),
  z.object({
    mode: z.literal('nameAndIndex'),
    name: text.min(1),
    startIndex: z.number().int().min(0).max(999_999),
  }),
]);
export type RenameRule = z.infer<typeof renameRule>;

export const RENAME_ERRORS = ['RENAME_EMPTY_NAME', 'RENAME_TOO_LONG'] as const;
export type RenameError = (typeof RENAME_ERRORS)[number];

/** One name before and after the rename; `error` when the new name cannot be given. */
export interface RenameOutcome {
  before: string;
  after: string;
  error?: RenameError;
}

/** A short run of letters or digits after the last dot, which is not the name's first character. */
const EXTENSION = /(?<=[^.])\.[\p{L}\p{N}]{1,10}$/u;

/**
 * A name split into its base and its extension (with its dot; empty when it has none).
 *
 * @example
 * splitExtension('scan.final.pdf') // ['scan.final', '.pdf']
 * splitExtension('Dégât des eaux') // ['Dégât des eaux', '']
 */
export const splitExtension = (name: string): [string, string] => {
  const found = EXTENSION.exec(name);
  return found ? [name.slice(0, found.index), found[0]] : [name, ''];
};

const ALPHANUMERIC_END = /[\p{L}\p{N}]$/u;

/** What the rule makes of the name at `index` of `count` names (the index matters to `nameAndIndex`). */
const renamedOne = (name: string, rule: RenameRule, index: number, count: number): string => {
  switch (rule.mode) {
    case 'replace':
      // An empty `find` (a form being typed) changes nothing: replaceAll('') would insert everywhere.
      return rule.find ? name.replaceAll(rule.find, rule.replaceWith) : name;
    case 'add': {
      if (rule.position === 'before') return rule.text + name;
      const [base, extension] = splitExtension(name);
      return base + rule.text + extension;
    }
    case 'separator': {
      if (!rule.find) return name;
      const [base, extension] = splitExtension(name);
      const parts = base.split(rule.find).filter((part) => part !== '');
      return parts.join(rule.replaceWith) + extension;
    }
    case 'nameAndIndex': {
      const width = String(rule.startIndex + count - 1).length;
      const number = String(rule.startIndex + index).padStart(width, '0');
      const base = rule.name.trim();
      // `claim` gives `claim-1`; a name already ending with a separator (`claim_`) gives `claim_1`.
      const joint = ALPHANUMERIC_END.test(base) ? '-' : '';
      return base + joint + number + splitExtension(name)[1];
    }
  }
};

/**
 * The names the rule gives, in the order of `names` (the order `nameAndIndex` numbers them in),
 * trimmed; an empty name or one longer than RENAME_MAX_LENGTH characters is an error of its row.
 *
 * @example
 * renamed(['a.eml', 'b.eml'], { mode: 'nameAndIndex', name: 'claim', startIndex: 9 })
 * // [{ before: 'a.eml', after: 'claim-09.eml' }, { before: 'b.eml', after: 'claim-10.eml' }]
 */
export const renamed = (names: readonly string[], rule: RenameRule): RenameOutcome[] =>
  names.map((before, index) => {
    const after = renamedOne(before, rule, index, names.length).trim();
    // Characters as the schema counts them: code points, so that 'é' or '📎' is one.
    const error: RenameError | undefined =
      after === ''
        ? 'RENAME_EMPTY_NAME'
        : [...after].length > RENAME_MAX_LENGTH
          ? 'RENAME_TOO_LONG'
          : undefined;
    return error ? { before, after, error } : { before, after };
  });
