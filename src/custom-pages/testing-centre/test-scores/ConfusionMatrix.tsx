import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ConfusionMatrix as Matrix, ConfusionMessage } from './confusion';

/** The first column and the header row stay in view while a wide matrix scrolls. */
const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/**
 * A single-label kind's confusion matrix (see confusionMatrix): expected classifications down,
 * detected across, "—" for none. The diagonal is highlighted and zeros muted; an off-diagonal count
 * opens the list of its messages, each drawn by `renderMessage` (the page links it to its analysis).
 */
export const ConfusionMatrix = ({
  matrix,
  renderMessage,
}: {
  matrix: Matrix;
  renderMessage: (message: ConfusionMessage) => ReactNode;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState<{ row: number; column: number }>();
  const { axis, cells } = matrix;
  const name = (classification: string | null) => classification ?? '—';
  /** "Expected A, detected B: 2 messages", or its "nothing expected / detected" forms. */
  const pairText = (row: number, column: number) => {
    const [expected, detected] = [axis[row], axis[column]];
    const key = expected === null ? 'pairNoneExpected' : detected === null ? 'pairNoneDetected' : 'pair';
    return translate(`app.testing.results.confusion.${key}`, {
      expected,
      detected,
      smart_count: cells[row][column].count,
    });
  };

  return (
    <>
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table
          size="small"
          aria-label={translate('app.testing.results.confusion.title')}
          sx={{ width: 'auto' }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...sticky, verticalAlign: 'bottom', whiteSpace: 'nowrap' }}>
                {translate('app.testing.results.confusion.axes')}
              </TableCell>
              {axis.map((classification) => (
                <TableCell
                  key={classification ?? ''}
                  title={classification ?? translate('app.testing.results.confusion.noneDetected')}
                  sx={{ verticalAlign: 'bottom', px: 0.5 }}
                >
                  {/* Column titles read upwards, so that thirty of them still fit a page's width. */}
                  <Box
                    component="span"
                    sx={{
                      writingMode: 'vertical-rl',
                      transform: 'rotate(180deg)',
                      whiteSpace: 'nowrap',
                      maxHeight: 160,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      display: 'inline-block',
                    }}
                  >
                    {name(classification)}
                  </Box>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {axis.map((expected, row) => (
              <TableRow key={expected ?? ''}>
                <TableCell
                  component="th"
                  scope="row"
                  title={expected ?? translate('app.testing.results.confusion.noneExpected')}
                  sx={{
                    ...sticky,
                    whiteSpace: 'nowrap',
                    maxWidth: 240,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {name(expected)}
                </TableCell>
                {cells[row].map((cell, column) => {
                  const diagonal = row === column && expected !== null;
                  return (
                    <TableCell
                      key={column}
                      align="right"
                      sx={{
                        px: 1,
                        bgcolor: diagonal ? 'action.selected' : undefined,
                        fontWeight: diagonal ? 600 : undefined,
                        color: cell.count === 0 ? 'text.disabled' : undefined,
                      }}
                    >
                      {cell.messages.length > 0 ? (
                        <Link
                          component="button"
                          type="button"
                          onClick={() => setOpen({ row, column })}
                          aria-label={pairText(row, column)}
                        >
                          {cell.count}
                        </Link>
                      ) : row === axis.length - 1 && column === axis.length - 1 ? null : (
                        cell.count
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Dialog open={open !== undefined} onClose={() => setOpen(undefined)} aria-labelledby={titleId}>
        {open ? (
          <>
            <DialogTitle id={titleId}>{pairText(open.row, open.column)}</DialogTitle>
            <DialogContent>
              <List dense disablePadding>
                {cells[open.row][open.column].messages.map((message) => (
                  <ListItem key={message.messageId} disableGutters>
                    {renderMessage(message)}
                  </ListItem>
                ))}
              </List>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(undefined)}>{translate('ra.action.close')}</Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </>
  );
};
