import {
  CATEGORY_KINDS,
  CLASSIFICATION_KINDS,
  type ClassificationKind,
} from '../../schemas/bank-message.schema';
import type { Label } from './scores';

/** A bank message's expectations, or what an analysis detected in the same form, per kind. */
export type Expectations = Partial<Record<ClassificationKind, unknown[]>>;

/** Expectations or detections in a bank message's form, as the labels `scoreRun` compares. */
export const labelsOf = (lists: Expectations | null): Partial<Record<ClassificationKind, Label[]>> => {
  const labels: Partial<Record<ClassificationKind, Label[]>> = {};
  for (const kind of CLASSIFICATION_KINDS) {
    const list = lists?.[kind];
    if (!Array.isArray(list)) continue;
    labels[kind] = (CATEGORY_KINDS as readonly string[]).includes(kind)
      ? list.map((name) => ({ classification: String(name), value: null }))
      : (list as { name: string; value: unknown }[]).map((v) => ({
          classification: v.name,
          value: v.value === null || v.value === undefined ? '' : String(v.value),
        }));
  }
  return labels;
};
