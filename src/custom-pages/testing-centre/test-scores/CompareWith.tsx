import CompareArrows from '@mui/icons-material/CompareArrows';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useGetList, useLocale, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { TestRecord } from '../../../../schemas/contracts/testing';
import { getResource } from '../../../resources/registry';
import { testResultsPath } from '../../../routing/scopePaths';

/** Earlier runs offered for a comparison: the latest of the project, same tag first. */
const OFFERED = 50;

/** A run in words, for choosing and for titles: its tag, environment and start, in the user's language. */
export const useRunName = () => {
  const translate = useTranslate();
  const locale = useLocale();
  return (run: Pick<TestRecord, 'tag' | 'environmentName' | 'createdAt'>) =>
    translate('app.testing.compare.run', {
      tag: run.tag,
      environment: run.environmentName,
      date: new Date(run.createdAt).toLocaleString(locale),
    });
};

/**
 * "Compare with…": the project's other ended runs, those of the same tag first; choosing one opens
 * the comparison of this run with it.
 */
export const CompareWith = ({ projectId, test }: { projectId: string; test: TestRecord }) => {
  const translate = useTranslate();
  const runName = useRunName();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data = [] } = useGetList<TestRecord>(getResource('tests').apiResource(projectId), {
    pagination: { page: 1, perPage: OFFERED },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const others = data
    .filter((t) => t.id !== test.id && t.status !== 'running')
    .sort((a, b) => Number(b.tag === test.tag) - Number(a.tag === test.tag));
  if (others.length === 0) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<CompareArrows />} onClick={(e) => setAnchor(e.currentTarget)}>
        {translate('app.testing.compare.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {others.map((other) => (
          <MenuItem
            key={other.id}
            onClick={() =>
              navigate(`${testResultsPath(projectId, test.id)}/compare/${encodeURIComponent(other.id)}`)
            }
          >
            {runName(other)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
