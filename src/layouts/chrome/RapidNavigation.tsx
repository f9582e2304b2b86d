import Search from '@mui/icons-material/Search';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { navigationSearch, type NavigationResults } from '../../../schemas/contracts/navigation';
import { useApiClient } from '../../providers/ServicesContext';
import { recentPages } from '../../routing/recentPages';
import { environmentPath, organisationPath, projectPath } from '../../routing/scopePaths';

interface Entry {
  to: string;
  primary: string;
  secondary?: string;
}

/** Typing waits for a pause before asking the server. */
const DEBOUNCE_MS = 200;

const sectionsOf = (results: NavigationResults | undefined): [string, Entry[]][] =>
  results
    ? [
        [
          'app.navigation.organisations',
          results.organisations.map((o) => ({ to: organisationPath(o.id), primary: o.name })),
        ],
        [
          'app.navigation.projects',
          results.projects.map((p) => ({
            to: projectPath(p.id),
            primary: p.name,
            secondary: p.organisationName,
          })),
        ],
        [
          'app.navigation.environments',
          results.environments.map((e) => ({
            to: environmentPath(e.projectId, e.id),
            primary: e.name,
            secondary: e.projectName,
          })),
        ],
      ]
    : [];

/**
 * The rapid navigation (spec §2): a search of the organisations, projects and environments the
 * user may open, and the pages they visited last. Opens with its button or Ctrl+K.
 */
export const RapidNavigation = () => {
  const translate = useTranslate();
  const client = useApiClient();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<NavigationResults>();
  const titleId = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!open || query.trim() === '') {
      setResults(undefined);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client
        .call(navigationSearch, { query: { q: query.trim().slice(0, 100) }, signal: controller.signal })
        .then(setResults)
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, client]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const sections: [string, Entry[]][] =
    query.trim() === ''
      ? [['app.navigation.recent', recentPages().map((p) => ({ to: p.path, primary: p.title }))]]
      : sectionsOf(results);
  const found = sections.some(([, entries]) => entries.length > 0);

  return (
    <>
      <Tooltip title={translate('app.navigation.open')}>
        <IconButton
          color="inherit"
          aria-label={translate('app.navigation.open')}
          onClick={() => setOpen(true)}
        >
          <Search />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('app.navigation.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="search"
            label={translate('app.navigation.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {sections.map(([titleKey, entries]) =>
            entries.length > 0 ? (
              <List
                key={titleKey}
                dense
                subheader={<ListSubheader disableSticky>{translate(titleKey)}</ListSubheader>}
              >
                {entries.map((entry) => (
                  <ListItemButton key={entry.to} component={Link} to={entry.to} onClick={close}>
                    <ListItemText primary={entry.primary} secondary={entry.secondary} />
                  </ListItemButton>
                ))}
              </List>
            ) : null,
          )}
          {!found && query.trim() !== '' && results ? (
            <List dense>
              <ListItemText sx={{ px: 2 }} secondary={translate('app.navigation.nothing')} />
            </List>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
};
