import type { TraceStep } from '../../../../schemas/analysis-result';
import type { ErrorLogKind, ErrorLogQuery } from '../../../../schemas/contracts/error-log';

/** What the user chose above the table; '' means "any". */
export interface ErrorLogFilters {
  kind: ErrorLogKind;
  step: TraceStep | '';
  category: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ErrorLogFilters = { kind: 'all', step: '', category: '', from: '', to: '' };

/** The API query of the filters and a 0-based page: only what is set is sent. */
export const errorLogQuery = (filters: ErrorLogFilters, page: number, perPage: number): ErrorLogQuery => ({
  ...(filters.kind !== 'all' ? { kind: filters.kind } : {}),
  ...(filters.step ? { step: filters.step } : {}),
  ...(filters.category.trim() ? { category: filters.category.trim() } : {}),
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  page: String(page + 1),
  perPage: String(perPage),
});
