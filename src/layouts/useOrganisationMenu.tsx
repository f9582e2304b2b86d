import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { useCurrentUser } from '../providers/ServicesContext';
import { getResource } from '../resources/registry';
import { scopedCheck } from '../resources/useResourceAccess';
import { useScopeSections } from '../resources/useScopeSections';
import { organisationPath, projectPath } from '../routing/scopePaths';
import type { MenuEntry, MenuSection } from './chrome/SideMenu';

const sectionIcons: Record<string, ReactNode> = { members: <GroupOutlined />, invitations: <MailOutline /> };

const useAllowed = (action: string, resource: string, record: Record<string, unknown>) =>
  useCanAccess(scopedCheck(action, resource, record)).canAccess === true;

/**
 * The organisation menu (spec §2, §6): home, the organisation's sections the user may list (x-admin
 * `menu`; projects are the home itself), the projects they pinned to quick access (spec §3), then
 * the administration pages their role opens.
 */
export const useOrganisationMenu = (orgaId: string): MenuSection[] => {
  const translate = useTranslate();
  const home = organisationPath(orgaId);
  const scope = { organisationId: orgaId };
  const { sections } = useScopeSections('organisation', scope);
  const quickAccess: MenuEntry[] = Object.values(useCurrentUser()?.organisations[orgaId]?.projects ?? {})
    .filter((project) => project.quickAccess)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((project) => ({ to: projectPath(project.id), label: project.name, icon: <PushPinOutlined /> }));
  const administration: (MenuEntry & { allowed: boolean })[] = [
    {
      to: `${home}/settings`,
      labelKey: 'app.menu.settings',
      icon: <SettingsOutlined />,
      allowed: useAllowed('edit', 'organisations', { id: orgaId }),
    },
    {
      to: `${home}/consumption`,
      labelKey: 'app.routes.consumption',
      icon: <DataUsageOutlined />,
      allowed: useAllowed('list', `organisations/${orgaId}/consumption`, scope),
    },
    {
      to: `${home}/project-new`,
      labelKey: 'app.menu.newProject',
      icon: <CreateNewFolderOutlined />,
      allowed: useAllowed('create', 'projects', scope),
    },
    {
      to: `${home}/invite-user`,
      labelKey: 'app.menu.inviteUser',
      icon: <MailOutline />,
      allowed: useAllowed('create', getResource('invitations').apiResource(orgaId), scope),
    },
    {
      to: `${home}/create-user`,
      labelKey: 'app.menu.createUser',
      icon: <PersonAddAlt />,
      allowed: useAllowed('create', getResource('members').apiResource(orgaId), scope),
    },
    {
      to: `${home}/audit-logs`,
      labelKey: 'app.routes.auditLogs',
      icon: <HistoryOutlined />,
      allowed: useAllowed('list', getResource('audit-logs').apiResource(orgaId), scope),
    },
  ];
  return [
    {
      entries: [
        { to: home, labelKey: 'app.menu.home', icon: <HomeOutlined />, end: true, matchQuery: true },
        ...sections
          .filter((resource) => resource.name !== 'projects')
          .map((resource) => ({
            to: `${home}?tab=${resource.name}`,
            label: translate(`resources.${resource.name}.name`, { smart_count: 2 }),
            icon: sectionIcons[resource.name],
            end: true,
            matchQuery: true,
          })),
      ],
    },
    { titleKey: 'app.menu.quickAccess', entries: quickAccess },
    {
      titleKey: 'app.menu.administration',
      entries: administration
        .filter((entry) => entry.allowed)
        .map(({ allowed: _allowed, ...entry }) => entry),
    },
  ];
};
