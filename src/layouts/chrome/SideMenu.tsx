import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export interface MenuEntry {
  to: string;
  /** Translation key, or `label` for data such as an environment name. */
  labelKey?: string;
  label?: string;
  icon?: ReactNode;
  /** Match the path exactly (a home entry must not stay lit on every sub-page). */
  end?: boolean;
}

export interface MenuSection {
  titleKey?: string;
  entries: MenuEntry[];
}

/** A layout's side menu: sections of links, the current one marked for sight and screen readers. */
export const SideMenu = ({ sections, labelKey }: { sections: MenuSection[]; labelKey: string }) => {
  const translate = useTranslate();
  return (
    <nav aria-label={translate(labelKey)}>
      {sections.map((section, index) => (
        <List
          key={section.titleKey ?? index}
          dense
          subheader={
            section.titleKey ? <ListSubheader>{translate(section.titleKey)}</ListSubheader> : undefined
          }
        >
          {section.entries.map((entry) => (
            <ListItemButton
              key={entry.to}
              component={NavLink}
              to={entry.to}
              end={entry.end}
              sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              {entry.icon ? <ListItemIcon sx={{ minWidth: 36 }}>{entry.icon}</ListItemIcon> : null}
              <ListItemText
                primary={entry.label ?? (entry.labelKey ? translate(entry.labelKey) : entry.to)}
              />
            </ListItemButton>
          ))}
        </List>
      ))}
    </nav>
  );
};
