import {
  DEFAULT_EXTRACTOR_SETTINGS,
  DEFAULT_MAX_CHARACTERS,
  EXTENSIONS_BY_FAMILY,
  type ExtractorSettings,
  type ExtractorSettingsInput,
  type ParserFamily,
} from '../../../schemas/extractor-settings';
import type { OptionsByFamily } from './types';

export { DEFAULT_EXTRACTOR_SETTINGS, type ExtractorSettings };

export { DEFAULT_MAX_CHARACTERS };

/** Stored settings (possibly partial, written under an older schema) over the defaults. */
export const withDefaults = (stored: ExtractorSettingsInput | undefined): ExtractorSettings => {
  const s = (stored ?? {}) as Partial<ExtractorSettings>;
  const d = DEFAULT_EXTRACTOR_SETTINGS;
  return {
    enabled: s.enabled ?? d.enabled,
    useCache: s.useCache ?? d.useCache,
    formatter: { ...d.formatter, ...s.formatter },
    email: { ...d.email, ...s.email },
    text: { ...d.text, ...s.text },
    audio: { ...d.audio, ...s.audio },
    document: { ...d.document, ...s.document },
    image: { ...d.image, ...s.image },
    spreadsheet: { ...d.spreadsheet, ...s.spreadsheet },
    overrides: s.overrides ?? [],
  };
};

const familyByExtension = new Map<string, ParserFamily>(
  Object.entries(EXTENSIONS_BY_FAMILY).flatMap(([family, extensions]) =>
    extensions.map((ext) => [ext, family as ParserFamily] as const),
  ),
);

/** The parser family of an extension (lower case, no dot), or undefined when none reads it. */
export const familyOf = (extension: string): ParserFamily | undefined => familyByExtension.get(extension);

/** The options one file is parsed with: its family's, then the override of its extension. */
export const optionsFor = <F extends ParserFamily>(
  settings: ExtractorSettings,
  family: F,
  extension: string,
): OptionsByFamily[F] => {
  const override = settings.overrides.find((o) => o.extension === extension)?.[family];
  return { ...settings[family], ...override } as OptionsByFamily[F];
};

/** The extension of a file name, lower case without the dot ('' when none). */
export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
};
