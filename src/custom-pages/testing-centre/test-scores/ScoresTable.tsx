import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';
import { SCORE_COLUMNS } from './scoresCsv';

type KindScores = TestScoresAnswer['kinds'][number];

/** The table's figures: the export's columns after the kind and the classification. */
export const COLUMNS = SCORE_COLUMNS.slice(2) as Exclude<
  (typeof SCORE_COLUMNS)[number],
  'kind' | 'classification'
>[];

/** A ratio as a percentage in the user's language; undefined (nothing to divide) as "—". */
export const useRatio = () => {
  const locale = useLocale();
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return (value: number | null) => (value === null ? '—' : format.format(value));
};

/**
 * One kind's scores (spec pipeline §3 "Test result"): per classification TP, FP, FN, precision,
 * sensitivity, expected, detected and falses, then the micro and macro totals.
 */
export const ScoresTable = ({
  scores,
  captionId,
  priorities,
}: {
  scores: KindScores;
  captionId: string;
  /** The priority of each category's rule (category kinds): a column after the classification. */
  priorities?: ReadonlyMap<string, number>;
}) => {
  const translate = useTranslate();
  const ratio = useRatio();
  const { tp, fp, fn, precision, sensitivity } = scores.micro;
  const micro = { tp, fp, fn, precision, sensitivity, expected: tp + fn, detected: tp + fp, falses: fp + fn };
  const show = (column: (typeof COLUMNS)[number], value: number | null) =>
    column === 'precision' || column === 'sensitivity' ? ratio(value) : String(value);
  return (
    <Table size="small" aria-labelledby={captionId}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.testing.results.columns.classification')}</TableCell>
          {priorities ? (
            <TableCell align="right">{translate('app.testing.results.rulePriority')}</TableCell>
          ) : null}
          {COLUMNS.map((column) => (
            <TableCell key={column} align="right">
              {translate(`app.testing.results.columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {scores.classifications.map((c) => (
          <TableRow key={c.classification}>
            <TableCell component="th" scope="row">
              {c.classification}
            </TableCell>
            {priorities ? (
              <TableCell align="right">{priorities.get(c.classification) ?? '—'}</TableCell>
            ) : null}
            {COLUMNS.map((column) => (
              <TableCell key={column} align="right">
                {show(column, c[column])}
              </TableCell>
            ))}
          </TableRow>
        ))}
        <TableRow sx={{ '& > *': { fontWeight: 600 } }}>
          <TableCell component="th" scope="row">
            {translate('app.testing.results.micro')}
          </TableCell>
          {priorities ? <TableCell /> : null}
          {COLUMNS.map((column) => (
            <TableCell key={column} align="right">
              {show(column, micro[column])}
            </TableCell>
          ))}
        </TableRow>
        <TableRow>
          <TableCell component="th" scope="row">
            {translate('app.testing.results.macro')}
          </TableCell>
          {priorities ? <TableCell /> : null}
          {COLUMNS.map((column) => (
            <TableCell key={column} align="right">
              {column === 'precision' || column === 'sensitivity' ? ratio(scores.macro[column]) : ''}
            </TableCell>
          ))}
        </TableRow>
      </TableBody>
      {scores.notQualifiedMessages > 0 ? (
        <caption>
          <Typography variant="caption" color="text.secondary">
            {translate('app.testing.results.notQualified', { smart_count: scores.notQualifiedMessages })}
          </Typography>
        </caption>
      ) : null}
    </Table>
  );
};
