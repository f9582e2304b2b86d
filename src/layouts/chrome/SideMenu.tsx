import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export interface MenuEntry {
  /** A path, optionally with a query (`/orga/o1?tab=members`) for a section of a page. */
  to: string;
  /** Translation key, or `label` for data such as an environment name. */
  labelKey?: string;
  label?: string;
  icon?: ReactNode;
  /** Match the path exactly (a home entry must not stay lit on every sub-page). */
  end?: boolean;
  /**
   * Match the query too: a page's sections (`?tab=…`) are entries of their own, and the page's
   * plain entry must not stay lit while one of them shows.
   */
  matchQuery?: boolean;
}

export interface MenuSection {
  titleKey?: string;
  entries: MenuEntry[];
}

const isCurrent = (entry: MenuEntry, pathname: string, search: string): boolean => {
  const [path, query = ''] = entry.to.split('?');
  if (!matchPath({ path, end: entry.end ?? false }, pathname)) return false;
  return !entry.matchQuery || (query === '' ? search === '' : search === `?${query}`);
};

/** A layout's side menu: sections of links, the current one marked for sight and screen readers. */
export const SideMenu = ({ sections, labelKey }: { sections: MenuSection[]; labelKey: string }) => {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={translate(labelKey)}>
      {sections
        .filter((section) => section.entries.length > 0)
        .map((section, index) => (
          <List
            key={section.titleKey ?? index}
            dense
            subheader={
              section.titleKey ? <ListSubheader>{translate(section.titleKey)}</ListSubheader> : undefined
            }
          >
            {section.entries.map((entry) => {
              const current = isCurrent(entry, pathname, search);
              return (
                <ListItemButton
                  key={entry.to}
                  component={Link}
                  to={entry.to}
                  selected={current}
                  aria-current={current ? 'page' : undefined}
                  sx={{ '&.Mui-selected': { fontWeight: 600 } }}
                >
                  {entry.icon ? <ListItemIcon sx={{ minWidth: 36 }}>{entry.icon}</ListItemIcon> : null}
                  <ListItemText
                    primary={entry.label ?? (entry.labelKey ? translate(entry.labelKey) : entry.to)}
                  />
                </ListItemButton>
              );
            })}
          </List>
        ))}
    </nav>
  );
};
