import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useLocalStorageEntries } from './useLocalStorageEntries';

/**
 * LocalStorage Cleaner (spec §2): what the console keeps in this browser, to remove a stale or broken
 * value without opening the developer tools.
 */
export const LocalStorageCleanerPage = () => {
  const translate = useTranslate();
  const { entries, remove, clear } = useLocalStorageEntries();
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {translate('app.routes.localStorageCleaner')}
        </Typography>
        <Button
          color="error"
          variant="outlined"
          disabled={entries.length === 0}
          onClick={() => setConfirming(true)}
        >
          {translate('app.localStorageCleaner.clearAll')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('app.localStorageCleaner.intro')}
      </Typography>
      {entries.length === 0 ? (
        <Typography>{translate('app.localStorageCleaner.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.localStorageCleaner.key')}</TableCell>
                <TableCell>{translate('app.localStorageCleaner.value')}</TableCell>
                <TableCell align="right">{translate('app.localStorageCleaner.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map(({ key, value }) => (
                <TableRow key={key}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{key}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all', maxWidth: 480 }}>
                    {value}
                  </TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={translate('app.localStorageCleaner.delete', { key })}
                      onClick={() => remove(key)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Confirm
        isOpen={confirming}
        title="app.localStorageCleaner.confirmTitle"
        content="app.localStorageCleaner.confirmContent"
        onConfirm={() => {
          setConfirming(false);
          clear();
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};
