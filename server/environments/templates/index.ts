import insuranceMeeting from './insurance-meeting.json' with { type: 'json' };
import retailQuotesAndOrders from './retail-quotes-and-orders.json' with { type: 'json' };
import tourismAirlineMessages from './tourism-airline-messages.json' with { type: 'json' };
import type { TemplateTranslations } from '../../../schemas/template-localisation';

/** A message a template is shown and tested with, and the categories it must get. */
export interface UseCaseSample {
  name: string;
  /** An NLU language code ('fr', 'gb'). */
  language: string;
  subject: string;
  text: string;
  expected: string[];
}

/**
 * A use-case template (spec platform-shell §3, environment creation sources): a whole environment
 * configuration a customer team starts from, in the export format of
 * `server/environments/configuration.ts`, with sample messages and the categories each must get.
 * Its configuration's prose is English; `translations` has it in French, and an environment is made
 * from `localisedConfiguration(template, locale)` (schemas/template-localisation.ts).
 */
export interface UseCaseTemplate {
  key: string;
  name: { fr: string; en: string };
  description: { fr: string; en: string };
  configuration: Record<string, unknown>;
  samples: UseCaseSample[];
  translations: TemplateTranslations;
}

/** The use-case templates, in the order the spec lists them. */
export const USE_CASE_TEMPLATES: readonly UseCaseTemplate[] = [
  insuranceMeeting,
  tourismAirlineMessages,
  retailQuotesAndOrders,
];

/**
 * The template of a key, if there is one.
 *
 * @example
 *   templateByKey('insurance:meeting')?.name.en; // 'Insurance: meetings and claims'
 */
export const templateByKey = (key: string): UseCaseTemplate | undefined =>
  USE_CASE_TEMPLATES.find((t) => t.key === key);
