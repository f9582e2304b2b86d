import { useSearchParams } from 'react-router-dom';
import { DASHBOARD_UNITS, type DashboardUnit } from '../../../../schemas/contracts/dashboard';

/** The dashboard's date filter (spec §4, §9): the last N days…years, or a range of days. */
export type PeriodChoice =
  { kind: 'relative'; last: number; unit: DashboardUnit } | { kind: 'range'; from: string; to: string };

export const DEFAULT_PERIOD: PeriodChoice = { kind: 'relative', last: 30, unit: 'days' };

const isUnit = (value: string | null): value is DashboardUnit =>
  (DASHBOARD_UNITS as readonly (string | null)[]).includes(value);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The choice as the address says it (`?last=7&unit=days`, `?from=…&to=…`), and the query it asks. */
export const choiceOfSearch = (search: URLSearchParams): PeriodChoice => {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && DAY.test(from) && DAY.test(to)) return { kind: 'range', from, to };
  const last = Number(search.get('last'));
  const unit = search.get('unit');
  return Number.isInteger(last) && last >= 1 && last <= 999 && isUnit(unit)
    ? { kind: 'relative', last, unit }
    : DEFAULT_PERIOD;
};

export const searchOfChoice = (choice: PeriodChoice): Record<string, string> =>
  choice.kind === 'range'
    ? { from: choice.from, to: choice.to }
    : { last: String(choice.last), unit: choice.unit };

/** The period in the address, so that a view can be shared or reloaded. */
export const useDashboardPeriod = (): [PeriodChoice, (choice: PeriodChoice) => void] => {
  const [search, setSearch] = useSearchParams();
  return [choiceOfSearch(search), (choice) => setSearch(searchOfChoice(choice), { replace: true })];
};
