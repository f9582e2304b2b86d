import type { TranslateFunction } from 'react-admin';
import type { TraceReader } from '../../../schemas/trace-messages';
import { formatBytes } from '../../custom-pages/environment/analyses/components/format';
import { traceEn } from './en';
import { traceFr } from './fr';

/** The plural forms' rules of the console's languages (polyglot's): French says 0 and 1 alike. */
const PLURAL: Record<string, (count: number) => number> = {
  fr: (count) => (count < 2 ? 0 : 1),
  en: (count) => (count === 1 ? 0 : 1),
};

/**
 * How the console says trace messages (schemas/trace-messages.ts) in `locale`: its catalogue, its
 * plural rule and sizes, steps and modules in its words (French unless English).
 *
 * @example
 *   sayTrace(message, traceReader('fr', translate)); // 'Fichier a.eml (4,4 ko)'
 */
export const traceReader = (locale: string, translate: TranslateFunction): TraceReader => ({
  template: (code) => (locale === 'en' ? traceEn : traceFr)[code],
  plural: PLURAL[locale] ?? PLURAL.fr,
  size: (bytes) => formatBytes(bytes, locale),
  step: (step) => translate(`app.analyses.trace.steps.${step}`),
  module: (type) => translate(`app.modules.types.${type}`),
});
