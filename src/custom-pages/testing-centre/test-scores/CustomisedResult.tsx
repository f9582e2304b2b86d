import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';
import { getResource } from '../../../resources/registry';

type CategoryRecord = { id: string; name: string; rules?: { priority: number; enabled?: boolean }[] };

/**
 * The priority of each category's rule in the test's environment as it is now (spec §3 "Test
 * result: priority of category rule"): the lowest priority among its enabled rules, which decides
 * first. Empty when the environment is gone.
 */
export const useRulePriorities = (environmentId: string | null | undefined): ReadonlyMap<string, number> => {
  const { data } = useGetList<CategoryRecord>(
    getResource('categories').apiResource(environmentId ?? ''),
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: Boolean(environmentId), retry: false },
  );
  return useMemo(() => {
    const priorities = new Map<string, number>();
    for (const category of data ?? []) {
      const enabled = (category.rules ?? []).filter((r) => r.enabled !== false).map((r) => r.priority);
      if (enabled.length > 0) priorities.set(category.name, Math.min(...enabled));
    }
    return priorities;
  }, [data]);
};

/**
 * "Classifications to keep" (spec §3, the customised result): the classifications the tables, the
 * totals and the exports are limited to; none chosen keeps them all.
 */
export const KeepClassifications = ({
  scores,
  keep,
  onChange,
}: {
  scores: TestScoresAnswer;
  keep: string[];
  onChange: (keep: string[]) => void;
}) => {
  const translate = useTranslate();
  const options = useMemo(
    () => [...new Set(scores.kinds.flatMap((k) => k.classifications.map((c) => c.classification)))],
    [scores],
  );
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={keep}
      onChange={(_, value) => onChange(value)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('app.testing.results.keep')}
          helperText={translate('app.testing.results.keepHelp')}
        />
      )}
      sx={{ maxWidth: 640 }}
    />
  );
};
