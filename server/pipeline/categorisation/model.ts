/**
 * Categories and their rules as the categorisation reads them (schemas/category.schema.ts holds
 * the same fields). A rule's criteria are a tree: `all`, `any` and `not` combine leaves that test
 * an interaction (optionally one of its parameters' value), a category already given, an extracted
 * datum, a header or a metadata value.
 */
import type { CRITERION_TYPES } from '../../../schemas/category.schema';

export type CriterionType = (typeof CRITERION_TYPES)[number];

export interface Criterion {
  type: CriterionType;
  /** The combined criteria of all / any / not (not takes one). */
  children?: Criterion[];
  /** The interaction, category, extracted datum, header or metadata key tested. */
  name?: string;
  /** For an interaction: the parameter whose value is compared. */
  parameter?: string;
  /** The value compared (equal after normalisation; for a header: contained). Absent: presence. */
  value?: string;
}

export interface RuleDef {
  name: string;
  priority: number;
  enabled: boolean;
  taint?: string | null;
  criteria: Criterion;
}

export interface CategoryDef {
  name: string;
  kind: 'message' | 'attachment';
  rules: RuleDef[];
}

export interface CategorisationConfig {
  categories: CategoryDef[];
  /** Every matching rule adds its category (on), or the first decides (off). */
  multiCategory: boolean;
  /** Attachment categories per page rather than per attachment. */
  perPage: boolean;
  defaultCategory: string | null;
  defaultAttachmentCategory: string | null;
  /** The advanced categorisation's Twig template, when it is on: it writes the message categories. */
  advancedTemplate: string | null;
  /** Names of the environment's interactions, and those disabled: rules naming them are flagged. */
  interactions: string[];
  disabledInteractions: string[];
}
