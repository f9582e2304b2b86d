import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useTranslate } from 'react-admin';
import { getResource } from '../../resources/registry';
import { ResourcePageFrame } from '../../resources/ResourcePageFrame';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useRouteScope } from '../../resources/useRouteScope';
import { testResultsPath } from '../../routing/scopePaths';
import { LaunchTestDialog } from './LaunchTestDialog';
import { TestProgress } from './TestProgress';
import { isTestStatus, TestStatusChip } from './TestStatusChip';

const tests = getResource('tests');
/** The generated list without its create form: a test is launched by the dialog, which knows the tags. */
const listed = { ...tests, operations: new Set(['list', 'show', 'delete'] as const) };

/** Running tests advance by themselves: the list asks again this often while the page is open. */
const REFRESH_MS = 2000;

/**
 * The tests of a project (spec pipeline §2 "Tests executions list"): each with its live progress,
 * opened on its results; launched on a tag against an environment; deleted with their scores.
 */
export const TestsPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const projectId = scope.projectId ?? '';
  const [launching, setLaunching] = useState(false);
  const access = useResourceAccess(tests, scope);
  const cells = useMemo(
    () => ({
      status: ({ status }: RaRecord) => (isTestStatus(status) ? <TestStatusChip status={status} /> : null),
      done: ({ done, total }: RaRecord) => <TestProgress done={Number(done)} total={Number(total)} />,
    }),
    [],
  );
  const List = tests.list;
  return (
    <ResourcePageFrame titleKey="app.routes.tests" wide>
      <List
        resource={listed}
        scope={scope}
        cells={cells}
        refreshInterval={REFRESH_MS}
        links={{ show: (id) => testResultsPath(projectId, String(id)) }}
        actions={
          access.create ? (
            <Button
              variant="contained"
              startIcon={<PlayArrow />}
              onClick={() => setLaunching(true)}
              sx={{ flexShrink: 0 }}
            >
              {translate('app.testing.launch.title')}
            </Button>
          ) : null
        }
      />
      <LaunchTestDialog open={launching} projectId={projectId} onClose={() => setLaunching(false)} />
    </ResourcePageFrame>
  );
};
