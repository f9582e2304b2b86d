import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Difference } from '../../../../schemas/contracts/configuration';

const shown = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** Field-by-field differences between two configurations: where, what kind, before and after. */
export const DifferencesTable = ({ differences }: { differences: Difference[] }) => {
  const translate = useTranslate();
  if (differences.length === 0) return <Typography>{translate('app.versions.noDifference')}</Typography>;
  return (
    <Table size="small" aria-label={translate('app.versions.compareTitle')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.versions.path')}</TableCell>
          <TableCell>{translate('app.versions.change')}</TableCell>
          <TableCell>{translate('app.versions.before')}</TableCell>
          <TableCell>{translate('app.versions.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {differences.map((d) => (
          <TableRow key={d.path}>
            <TableCell>
              <code>{d.path}</code>
            </TableCell>
            <TableCell>{translate(`app.versions.kinds.${d.kind}`)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{shown(d.before)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{shown(d.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
