import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';

/**
 * The domain rules a test applied (spec pipeline §3 "domain rule"), in priority order: what each
 * covered and whose output counted.
 */
export const DomainRulesApplied = ({ rules }: { rules: TestScoresAnswer['domainRules'] }) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.domain-rules.fields.${field}`);
  const value = (field: string, v: string) => translate(`resources.domain-rules.values.${field}.${v}`);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="domain-rules-applied" gutterBottom>
        {translate('app.testing.domainRules.applied')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('app.testing.domainRules.appliedHint')}
      </Typography>
      <Table size="small" aria-labelledby="domain-rules-applied">
        <TableHead>
          <TableRow>
            <TableCell align="right">{translate('app.testing.domainRules.priority')}</TableCell>
            <TableCell>{label('name')}</TableCell>
            <TableCell>{label('kind')}</TableCell>
            <TableCell>{label('classification')}</TableCell>
            <TableCell>{label('inputType')}</TableCell>
            <TableCell>{label('module')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rules.map((r) => (
            <TableRow key={`${r.priority}-${r.name}-${r.kind}-${r.classification}-${r.inputType}`}>
              <TableCell align="right">{r.priority}</TableCell>
              <TableCell>{r.name}</TableCell>
              <TableCell>{value('kind', r.kind)}</TableCell>
              <TableCell>{r.classification}</TableCell>
              <TableCell>{value('inputType', r.inputType)}</TableCell>
              <TableCell>
                {r.module} ({translate(`resources.domain-modules.values.module.${r.moduleType}`)})
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
};

/**
 * A kind's classifications left out of its scores, with how many messages expected or detected
 * each: those no domain rule covered (NO_DOMAIN_RULE) or those the project's settings ignore.
 */
export const LeftOutClassifications = ({
  list,
  name,
  titleKey,
}: {
  list: TestScoresAnswer['kinds'][number]['noDomainRule'];
  /** The section's accessible name. */
  name: string;
  titleKey: string;
}) => {
  const translate = useTranslate();
  if (list.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }} component="section" aria-label={name}>
      <Typography variant="body2" color="text.secondary">
        {translate(titleKey)}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {list.map((n) => (
          <Chip
            key={n.classification}
            size="small"
            variant="outlined"
            label={`${n.classification} · ${translate('app.testing.domainRules.messages', { smart_count: n.messages })}`}
          />
        ))}
      </Stack>
    </Stack>
  );
};
