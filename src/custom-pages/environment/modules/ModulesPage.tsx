import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import HelpOutline from '@mui/icons-material/HelpOutline';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { addModule, listModules, orderModules, type ModuleView } from '../../../../schemas/contracts/modules';
import { PINNED_MODULES, type ModuleType } from '../../../../schemas/modules';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { invalidateCallCache } from '../../../providers/callCache';
import { useCall } from '../../../providers/useCall';
import { environmentPath } from '../../../routing/scopePaths';
import { useFeatureFlag } from '../../../featureFlags/useFeatureFlag';
import { DeactivateModuleButton } from './DeactivateModuleButton';
import { routable, taintLabel, TaintRoutingButton } from './TaintRouting';
import { useModuleName } from './useModuleName';

/** Modules the engine needs at a fixed place (spec pipeline §4): they never move. */
const pinned = (type: ModuleType) => type in PINNED_MODULES;

/** Where each module's settings are edited: its own page, or the page of its configuration. */
const SETTINGS_PATHS = {
  extractor: 'extractor',
  nlu: 'configuration?section=archetypes',
  categorization: 'modules/categorization',
  ocrDataExtraction: 'modules/ocrDataExtraction',
  postProcessing: 'modules/postProcessing',
  visionEngine: 'modules/visionEngine',
  extraction: 'modules/extraction',
  replyTemplate: 'reply-templates',
  consolidation: 'modules/consolidation',
  output: 'modules/output',
} satisfies Record<ModuleType, string>;

/**
 * The modules page (spec pipeline §2 "a page to add and delete modules", §4 "Module"): the
 * pipeline's modules in their order, each with its settings, moved up or down (the extractor and the
 * NLU stay first, the output last), added back, or deactivated, which deletes its configuration after a confirmation.
 * With the `taintsRouting` flag on, each module after the categorization can be limited by a taint.
 */
export const ModulesPage = () => {
  const { projectId = '', envId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const nameOf = useModuleName();
  const loaded = useCall(listModules, { params: { envId } });
  // The list each change answered; until the first change, the loaded one.
  const [changed, setChanged] = useState<ModuleView[]>();
  const [busy, setBusy] = useState(false);
  const taintsRouting = useFeatureFlag('taintsRouting');
  if (loaded.status === 'pending') return <PageLoader />;
  if (loaded.status === 'error') return <Alert severity="error">{errorMessage(loaded.error)}</Alert>;
  const modules = changed ?? loaded.data.modules;
  const active = modules.filter((m) => m.active);
  const inactive = modules.filter((m) => !m.active);
  const home = environmentPath(projectId, envId);
  // The deployment's LLM does not change while the page is open: the first answer says it.
  const llmMissing = !loaded.data.llm.configured && active.some((m) => m.type === 'visionEngine');

  const run = async (change: () => Promise<{ modules: ModuleView[] }>, done: string) => {
    setBusy(true);
    try {
      setChanged((await change()).modules);
      // The settings pages and test pages read the list too: they must see the change.
      invalidateCallCache(client);
      notify(done, { type: 'success' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const types = active.map((m) => m.type);
    [types[index], types[index + by]] = [types[index + by], types[index]];
    return run(() => client.call(orderModules, { params: { envId }, body: { types } }), 'app.modules.moved');
  };
  const movable = (index: number) => index >= 0 && index < active.length && !pinned(active[index].type);

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {translate('app.routes.modules')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {translate('app.modules.intro')}
        </Typography>
        <Button component={RouterLink} to={`${home}/configuration/help`} startIcon={<HelpOutline />}>
          {translate('app.nlu.configuration.help')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          {translate('app.modules.pipeline')}
        </Typography>
        {active.length === 0 ? (
          <Alert severity="warning" sx={{ m: 2 }}>
            {translate('app.modules.empty')}
          </Alert>
        ) : null}
        {llmMissing ? (
          <Alert severity="warning" sx={{ m: 2 }}>
            {translate('app.modules.llmMissing')}
          </Alert>
        ) : null}
        <List aria-label={translate('app.modules.pipeline')}>
          {active.map((m, index) => {
            const name = nameOf(m);
            return (
              <ListItem
                key={m.type}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <IconButton
                      aria-label={translate('app.modules.moveUp', { name })}
                      disabled={busy || !movable(index) || !movable(index - 1)}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={translate('app.modules.moveDown', { name })}
                      disabled={busy || !movable(index) || !movable(index + 1)}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                    {taintsRouting && routable(active, m.type) ? (
                      <TaintRoutingButton
                        envId={envId}
                        module={m}
                        name={name}
                        disabled={busy}
                        onDone={setChanged}
                      />
                    ) : null}
                    <IconButton
                      component={RouterLink}
                      to={`${home}/${SETTINGS_PATHS[m.type]}`}
                      aria-label={translate('app.modules.settings', { name })}
                    >
                      <SettingsOutlined fontSize="small" />
                    </IconButton>
                    <DeactivateModuleButton
                      envId={envId}
                      module={m}
                      disabled={busy}
                      onDone={(next) => setChanged(next)}
                    />
                  </Stack>
                }
              >
                <ListItemText
                  sx={{ pr: 30 }}
                  primary={`${index + 1}. ${name}`}
                  secondary={
                    <Stack
                      component="span"
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', mt: 0.5 }}
                    >
                      <span>{translate(`app.modules.descriptions.${m.type}`)}</span>
                      {m.inputType !== 'all' ? (
                        <Chip
                          component="span"
                          size="small"
                          label={translate('app.modules.reads', {
                            inputType: translate(`app.modules.inputTypes.${m.inputType}`),
                          })}
                        />
                      ) : null}
                      {m.context ? (
                        <Chip
                          component="span"
                          size="small"
                          label={translate('app.modules.context', { name: m.context })}
                        />
                      ) : null}
                      {m.taint ? (
                        <Chip
                          component="span"
                          size="small"
                          color="secondary"
                          label={taintLabel(translate, m)}
                        />
                      ) : null}
                    </Stack>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.modules.toAdd')}
        </Typography>
        {inactive.length === 0 ? (
          <Typography color="text.secondary">{translate('app.modules.allActive')}</Typography>
        ) : (
          <Stack spacing={1}>
            {inactive.map((m) => (
              <Stack key={m.type} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() =>
                    run(
                      () => client.call(addModule, { params: { envId }, body: { type: m.type } }),
                      'app.modules.added',
                    )
                  }
                >
                  {translate('app.modules.add', { name: nameOf(m) })}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {translate(`app.modules.descriptions.${m.type}`)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
};
