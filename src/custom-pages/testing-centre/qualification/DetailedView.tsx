import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  CATEGORY_KINDS,
  CLASSIFICATION_KINDS,
  type ClassificationKind,
} from '../../../../schemas/bank-message.schema';
import { PageLoader } from '../../../components/PageLoader';
import { type BankMessage, useBankMessages } from './useBankMessages';

const PER_PAGE = 25;

const isCategoryKind = (kind: ClassificationKind) => (CATEGORY_KINDS as readonly string[]).includes(kind);

/** A kind's expectations in words: the category names, or "name = value" of extractions. */
const expectationsText = (message: BankMessage, kind: ClassificationKind) =>
  (message.expected[kind] ?? [])
    .map((e) =>
      typeof e === 'string' ? e : `${(e as { name: string }).name} = ${(e as { value: string }).value}`,
    )
    .join(', ');

/** What a kind of a message becomes: qualified, not qualified, or reset (no expectation, not qualified). */
type KindAction = 'qualify' | 'unqualify' | 'reset';

export const kindChange = (message: BankMessage, kind: ClassificationKind, action: KindAction) => {
  const expected = { ...message.expected, ...(action === 'reset' ? { [kind]: [] } : {}) };
  const qualification = { ...message.qualification };
  if (action === 'qualify') qualification[kind] = 'qualified';
  else delete qualification[kind];
  return { expected, qualification };
};

/** One kind's cell: its expectations, whether it is qualified, and the menu that changes it. */
const KindCell = ({
  message,
  kind,
  onChange,
}: {
  message: BankMessage;
  kind: ClassificationKind;
  onChange: (action: KindAction) => void;
}) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const qualified = message.qualification[kind] === 'qualified';
  const text = expectationsText(message, kind);
  const kindLabel = translate(`resources.messages.fields.expected.${kind}`);
  const act = (action: KindAction) => {
    setAnchor(null);
    onChange(action);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap title={text}>
          {isCategoryKind(kind) ? text || '—' : String((message.expected[kind] ?? []).length)}
        </Typography>
        {qualified ? (
          <Chip size="small" color="success" label={translate('app.testing.qualification.qualifiedKind')} />
        ) : null}
      </Stack>
      <IconButton
        size="small"
        aria-label={translate('app.testing.qualification.kindActions', {
          kind: kindLabel,
          name: message.name,
        })}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={qualified} onClick={() => act('qualify')}>
          {translate('app.testing.qualification.actions.qualify')}
        </MenuItem>
        <MenuItem disabled={!qualified} onClick={() => act('unqualify')}>
          {translate('app.testing.qualification.actions.unqualify')}
        </MenuItem>
        <MenuItem onClick={() => act('reset')}>
          {translate('app.testing.qualification.actions.reset')}
        </MenuItem>
      </Menu>
    </Stack>
  );
};

/**
 * The detailed view: the messages a page at a time, with each kind's expectations and whether it is
 * qualified; a kind is marked qualified or not qualified, or reset (spec §3 "Qualification can be
 * reset per kind"), saved at once through the message's own edit.
 */
export const DetailedView = ({ projectId, tag }: { projectId: string; tag: string }) => {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const messages = useBankMessages(projectId, { tag, status: '', page: page + 1, perPage: PER_PAGE });
  if (messages.error) return <Alert severity="error">{(messages.error as Error).message}</Alert>;
  if (messages.isPending) return <PageLoader />;
  return (
    <>
      <Table size="small" aria-label={translate('app.testing.qualification.views.detailed')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.testing.results.message')}</TableCell>
            <TableCell>{translate('resources.messages.fields.qualificationStatus')}</TableCell>
            {CLASSIFICATION_KINDS.map((kind) => (
              <TableCell key={kind} sx={{ minWidth: isCategoryKind(kind) ? 180 : 110 }}>
                {translate(`resources.messages.fields.expected.${kind}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(messages.data ?? []).map((message) => (
            <TableRow key={message.id}>
              <TableCell component="th" scope="row">
                {message.name}
              </TableCell>
              <TableCell>
                {translate(`resources.messages.values.qualificationStatus.${message.qualificationStatus}`)}
              </TableCell>
              {CLASSIFICATION_KINDS.map((kind) => (
                <TableCell key={kind}>
                  <KindCell
                    message={message}
                    kind={kind}
                    onChange={(action) => void messages.save(message, kindChange(message, kind, action))}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={messages.total ?? 0}
        page={page}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
        onPageChange={(_, next) => setPage(next)}
      />
    </>
  );
};
