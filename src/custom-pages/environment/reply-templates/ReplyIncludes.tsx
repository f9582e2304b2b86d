import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { includesOf, useTemplates } from './useTemplates';

/** Which template includes which: what a change to one template also changes. */
export const ReplyIncludes = ({ resource }: { resource: string }) => {
  const translate = useTranslate();
  const { data = [], isPending } = useTemplates(resource);
  if (isPending) return null;
  if (data.length === 0)
    return <Typography color="text.secondary">{translate('app.replies.includes.empty')}</Typography>;
  const includes = new Map(data.map((t) => [t.name, includesOf(t.body)]));
  const names = (list: string[]) =>
    list.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        {translate('app.replies.includes.none')}
      </Typography>
    ) : (
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {list.map((n) => (
          <Chip key={n} label={n} size="small" />
        ))}
      </Stack>
    );
  return (
    <Table size="small" aria-label={translate('app.replies.tabs.includes')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.replies.includes.template')}</TableCell>
          <TableCell>{translate('app.replies.includes.includes')}</TableCell>
          <TableCell>{translate('app.replies.includes.includedBy')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((t) => (
          <TableRow key={t.id}>
            <TableCell>
              {t.name}
              {t.isDefault ? (
                <Chip
                  label={translate('resources.reply-templates.fields.isDefault')}
                  size="small"
                  color="primary"
                  sx={{ ml: 1 }}
                />
              ) : null}
            </TableCell>
            <TableCell>{names(includes.get(t.name) ?? [])}</TableCell>
            <TableCell>
              {names(data.filter((o) => includes.get(o.name)?.includes(t.name)).map((o) => o.name))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
