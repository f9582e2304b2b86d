import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { listTagVisibilities, type TagVisibilityRecord } from '../../../../schemas/contracts/test-sets';
import { useCall } from '../../../providers/useCall';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useResourceAccess } from '../../../resources/useResourceAccess';
import { useRouteScope } from '../../../resources/useRouteScope';
import { testResultsPath } from '../../../routing/scopePaths';
import { LaunchTestDialog } from './LaunchTestDialog';
import { TestProgress } from './TestProgress';
import { TestSetsList } from './TestSetsList';
import { TagVisibilityMenu } from './TagVisibilityMenu';
import { isTestStatus, TestStatusChip } from './TestStatusChip';
import { useTagVisibility } from './useTagVisibility';

const tests = getResource('tests');
/** The generated list without its create form: a test is launched by the dialog, which knows the tags. */
const listed = { ...tests, operations: new Set(['list', 'show', 'delete'] as const) };

/** Running tests advance by themselves: the list asks again this often while the page is open. */
const REFRESH_MS = 2000;

const TABS = ['runs', 'sets'] as const;
type View = (typeof TABS)[number];

/** A tag nobody made private: public, anyone's to change. */
const unset = (tag: string): TagVisibilityRecord => ({
  tag,
  visibility: 'public',
  ownerId: null,
  ownerName: null,
  mayChange: true,
});

/**
 * The tests of a project (spec pipeline §2 "Tests executions list", "my test sets"): each with its
 * live progress and its tag made public or private, opened on its results; launched on a tag
 * against an environment; deleted with their scores. The second tab lists the user's test sets.
 * The tab is in the address (`?view=sets`), so a link or a reload lands on it.
 */
export const TestsPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const projectId = scope.projectId ?? '';
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'sets' ? 'sets' : 'runs';
  const [launching, setLaunching] = useState(false);
  const access = useResourceAccess(tests, scope);
  const visibilities = useCall(listTagVisibilities, { params: { projectId } });
  const { busy, change } = useTagVisibility(projectId);
  const cells = useMemo(() => {
    const settings = new Map((visibilities.data ?? []).map((setting) => [setting.tag, setting]));
    return {
      tag: ({ tag }: RaRecord) => {
        const setting = settings.get(String(tag)) ?? unset(String(tag));
        return (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{setting.tag}</span>
            <TagVisibilityMenu
              {...setting}
              busy={busy === setting.tag}
              onChange={(next) => void change(setting.tag, next)}
            />
          </Stack>
        );
      },
      status: ({ status }: RaRecord) => (isTestStatus(status) ? <TestStatusChip status={status} /> : null),
      done: ({ done, total }: RaRecord) => <TestProgress done={Number(done)} total={Number(total)} />,
    };
  }, [visibilities.data, busy, change]);
  const List = tests.list;
  const launch = access.create ? (
    <Button
      variant="contained"
      startIcon={<PlayArrow />}
      onClick={() => setLaunching(true)}
      sx={{ flexShrink: 0 }}
    >
      {translate('app.testing.launch.title')}
    </Button>
  ) : null;
  return (
    <ResourcePageFrame titleKey="app.routes.tests" wide>
      <Stack spacing={2}>
        <Tabs
          value={view}
          onChange={(_, next: View) => setParams(next === 'runs' ? {} : { view: next }, { replace: true })}
        >
          {TABS.map((tab) => (
            <Tab key={tab} value={tab} label={translate(`app.testing.testSets.tabs.${tab}`)} />
          ))}
        </Tabs>
        {view === 'runs' ? (
          <List
            resource={listed}
            scope={scope}
            cells={cells}
            refreshInterval={REFRESH_MS}
            links={{ show: (id) => testResultsPath(projectId, String(id)) }}
            actions={launch}
          />
        ) : (
          <TestSetsList projectId={projectId} canLaunch={access.create} />
        )}
      </Stack>
      <LaunchTestDialog open={launching} projectId={projectId} onClose={() => setLaunching(false)} />
    </ResourcePageFrame>
  );
};
