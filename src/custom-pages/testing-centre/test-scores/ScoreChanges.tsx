import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ChangedMessage, ScoreDelta } from '../../../../schemas/contracts/testing';
import { useRatio } from './ScoresTable';

type Figures = ScoreDelta['before'];

const CHANGE_COLOURS = { fixed: 'success', broken: 'error', changed: 'warning' } as const;

/** Messages gained (fixed) and lost (broken), as two chips. */
export const GainedLost = ({ gained, lost }: { gained: number; lost: number }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1}>
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={translate('app.testing.changes.gained', { smart_count: gained })}
      />
      <Chip
        size="small"
        color="error"
        variant="outlined"
        label={translate('app.testing.changes.lost', { smart_count: lost })}
      />
    </Stack>
  );
};

/** A figure before and after: "80 % → 90 %", or the one value when it did not move. */
const useMove = () => {
  const ratio = useRatio();
  return (before: number | null, after: number | null, asRatio: boolean) => {
    const show = (v: number | null) => (asRatio ? ratio(v) : String(v ?? 0));
    return before === after ? show(after) : `${show(before)} → ${show(after)}`;
  };
};

const moved = (a: Figures, b: Figures) => a.tp !== b.tp || a.fp !== b.fp || a.fn !== b.fn;

/**
 * Scores of two scorings side by side (a run and an unsaved edit's preview, or two runs): per kind,
 * the classifications whose figures moved and the total, each figure "before → after".
 */
export const ScoreDeltaTable = ({ delta, kindLabel }: { delta: ScoreDelta; kindLabel: string }) => {
  const translate = useTranslate();
  const move = useMove();
  const rows = delta.classifications.filter((c) => moved(c.before, c.after));
  const row = (key: string, name: ReactNode, before: Figures, after: Figures, bold = false) => (
    <TableRow key={key} sx={bold ? { '& > *': { fontWeight: 600 } } : undefined}>
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      {(['tp', 'fp', 'fn'] as const).map((f) => (
        <TableCell key={f} align="right">
          {move(before[f], after[f], false)}
        </TableCell>
      ))}
      {(['precision', 'sensitivity'] as const).map((f) => (
        <TableCell key={f} align="right">
          {move(before[f], after[f], true)}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <Table size="small" aria-label={kindLabel}>
      <TableHead>
        <TableRow>
          <TableCell>{kindLabel}</TableCell>
          {(['tp', 'fp', 'fn', 'precision', 'sensitivity'] as const).map((c) => (
            <TableCell key={c} align="right">
              {translate(`app.testing.results.columns.${c}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => row(c.classification, c.classification, c.before, c.after))}
        {row('micro', translate('app.testing.results.micro'), delta.before, delta.after, true)}
      </TableBody>
    </Table>
  );
};

const labels = (list: ChangedMessage['before']['fp']) =>
  list.map((l) => (l.value === null ? l.classification : `${l.classification} = ${l.value}`)).join(', ');

/**
 * The messages whose outcome changed: fixed, broken or changed, their falses before and after, the
 * name opening what explains it (`link`).
 */
export const ChangedMessagesTable = ({
  changes,
  kindLabel,
  link,
  caption,
}: {
  changes: readonly ChangedMessage[];
  kindLabel: (kind: string) => string;
  link: (change: ChangedMessage) => ReactNode;
  caption: string;
}) => {
  const translate = useTranslate();
  const falses = (f: ChangedMessage['before']) =>
    [f.fp.length ? `FP: ${labels(f.fp)}` : '', f.fn.length ? `FN: ${labels(f.fn)}` : '']
      .filter(Boolean)
      .join(' · ') || '—';
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.testing.results.message')}</TableCell>
          <TableCell>{translate('app.testing.results.columns.kind')}</TableCell>
          <TableCell>{translate('app.testing.changes.change')}</TableCell>
          <TableCell>{translate('app.testing.changes.before')}</TableCell>
          <TableCell>{translate('app.testing.changes.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((c) => (
          <TableRow key={`${c.kind} ${c.messageId}`}>
            <TableCell>{link(c)}</TableCell>
            <TableCell>{kindLabel(c.kind)}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={CHANGE_COLOURS[c.change]}
                label={translate(`app.testing.changes.kinds.${c.change}`)}
              />
            </TableCell>
            <TableCell>
              <Typography variant="body2">{falses(c.before)}</Typography>
            </TableCell>
            <TableCell>
              <Typography variant="body2">{falses(c.after)}</Typography>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
