import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import HelpOutline from '@mui/icons-material/HelpOutline';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { FormExtensionProvider, type FormExtension } from '../../../resources/generic/form/FormExtension';
import { AccessDenied } from '../../../components/AccessDenied';
import { PageLoader } from '../../../components/PageLoader';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { scopedCheck } from '../../../resources/useResourceAccess';
import { useRouteScope } from '../../../resources/useRouteScope';
import { environmentPath } from '../../../routing/scopePaths';
import { AdvancedCategorisationPanel } from './AdvancedCategorisationPanel';
import { AdvancedCreationDialog } from './AdvancedCreationDialog';
import { ArchetypeHelpers } from './ArchetypeHelpers';
import { FlaggedRulesAlert } from './FlaggedRulesAlert';
import { ImpactPreviewPanel } from './ImpactPreviewPanel';
import type { ImpactResource } from '../../../../schemas/contracts/testing';
import { LanguagesPanel } from './LanguagesPanel';
import {
  CONFIGURATION_SECTIONS,
  isSection,
  type ConfigurationSection,
  type ResourceSection,
} from './sections';
import { RenameCategoryCell } from './RenameCategoryCell';
import { ServerStateCell } from './ServerStateCell';
import { ServerTokenPanel } from './ServerTokenPanel';

/** The configuration's resources whose edits the impact preview reads, by their API name. */
const PREVIEWED = {
  categories: 'category',
  archetypes: 'archetype',
  interactions: 'interaction',
} as const satisfies Record<string, ImpactResource>;
/**
 * The configuration area: a tree of the NLU, categorisation and extraction kinds on the left, the
 * chosen kind's list on the right, whose rows open the generated editor. The section is in the
 * address (`?section=`), so a link or a reload lands on it.
 */
/** The list of a kind, its rows opening the generated editor; servers with their start / stop. */
const SectionList = ({ section, envId }: { section: ResourceSection; envId: string }) => {
  const scope = useRouteScope();
  const resource = getResource(section);
  const List = resource.list;
  return (
    <List
      key={section}
      resource={resource}
      scope={scope}
      cells={
        section === 'servers'
          ? { state: (record) => <ServerStateCell envId={envId} record={record} /> }
          : section === 'categories'
            ? { name: (record) => <RenameCategoryCell envId={envId} record={record} /> }
            : undefined
      }
    />
  );
};

/**
 * The configuration area is the configurators' (spec platform-shell §6): below that level the page
 * says access is denied, as the dashboard does, instead of calling what the server refuses (each
 * refusal was a 403 toast).
 */
export const ConfigurationPage = () => {
  const scope = useRouteScope();
  const access = useCanAccess(scopedCheck('access', 'configuration', { projectId: scope.projectId }));
  if (access.isPending) return <PageLoader />;
  if (!access.canAccess) return <AccessDenied />;
  return <ConfigurationArea />;
};

const ConfigurationArea = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const [params, setParams] = useSearchParams();
  const section: ConfigurationSection = isSection(params.get('section'))
    ? (params.get('section') as ConfigurationSection)
    : 'archetypes';
  const envId = scope.environmentId ?? '';
  const [wizard, setWizard] = useState(false);
  const sectionTitle = (key: ConfigurationSection) =>
    key === 'languages'
      ? translate('app.nlu.configuration.languages.title')
      : key === 'advanced-categorisation'
        ? translate('app.nlu.configuration.advanced.title')
        : translate(`resources.${key}.name`, { smart_count: 2 });
  // Under a category's, an archetype's or an interaction's form, what the unsaved edit would do to
  // the last test's scores.
  const impactPreview = useCallback<FormExtension>(
    ({ resource, record, formData }) =>
      resource in PREVIEWED ? (
        <ImpactPreviewPanel
          projectId={scope.projectId ?? ''}
          envId={envId}
          resource={PREVIEWED[resource as keyof typeof PREVIEWED]}
          id={record?.id ? String(record.id) : null}
          formData={formData}
        />
      ) : resource === 'servers' && record?.id ? (
        // A saved server's token (spec pipeline §3).
        <ServerTokenPanel envId={envId} id={String(record.id)} />
      ) : null,
    [scope.projectId, envId],
  );
  return (
    <FormExtensionProvider value={impactPreview}>
      <ResourcePageFrame titleKey="app.routes.configuration">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography color="text.secondary" sx={{ flex: 1 }}>
            {translate('app.nlu.configuration.intro')}
          </Typography>
          <Button variant="outlined" startIcon={<AutoFixHigh />} onClick={() => setWizard(true)}>
            {translate('app.nlu.wizard.open')}
          </Button>
          <Button
            component={Link}
            to={`${environmentPath(scope.projectId ?? '', envId)}/configuration/help`}
            startIcon={<HelpOutline />}
          >
            {translate('app.nlu.configuration.help')}
          </Button>
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Paper variant="outlined" sx={{ minWidth: 220 }}>
            <List component="nav" aria-label={translate('app.nlu.configuration.tree')} dense>
              {CONFIGURATION_SECTIONS.map((key) => (
                <ListItemButton
                  key={key}
                  selected={key === section}
                  onClick={() => setParams({ section: key })}
                >
                  <ListItemText primary={sectionTitle(key)} />
                </ListItemButton>
              ))}
            </List>
          </Paper>
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {sectionTitle(section)}
            </Typography>
            <Typography color="text.secondary">
              {translate(`app.nlu.configuration.sections.${section}`)}
            </Typography>
            {section === 'categories' ? <FlaggedRulesAlert envId={envId} /> : null}
            {section === 'archetypes' ? <ArchetypeHelpers envId={envId} /> : null}
            {section === 'languages' ? (
              <LanguagesPanel projectId={scope.projectId ?? ''} envId={envId} />
            ) : section === 'advanced-categorisation' ? (
              <AdvancedCategorisationPanel projectId={scope.projectId ?? ''} envId={envId} />
            ) : (
              <SectionList section={section} envId={envId} />
            )}
          </Stack>
        </Stack>
        {/* Mounted only when open: it reads every kind's names. */}
        {wizard ? <AdvancedCreationDialog envId={envId} open onClose={() => setWizard(false)} /> : null}
      </ResourcePageFrame>
    </FormExtensionProvider>
  );
};
