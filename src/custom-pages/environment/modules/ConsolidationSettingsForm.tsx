import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { consolidationProblems, type ConsolidationSettings } from '../../../../schemas/consolidation';

/**
 * The consolidation's workflow (spec pipeline §3 "Consolidation module: name, workflowId, module
 * order"; docs/webhooks.md "Consolidation workflows"): the id of the workflow each analysis is
 * posted to, on the deployment's workflow engine, which the page says is missing when it is.
 */
export const ConsolidationSettingsForm = ({
  value,
  onChange,
  engineConfigured,
  serverProblems,
}: {
  value: ConsolidationSettings;
  onChange: (value: ConsolidationSettings) => void;
  engineConfigured: boolean;
  serverProblems: Record<string, string>;
}) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.modules.consolidation.${key}`, values);
  const [problem] = consolidationProblems(value);
  const message = problem
    ? t(`problems.${problem.code}`, { workflowId: value.workflowId })
    : serverProblems.workflowId;
  const title = t('title');
  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {engineConfigured ? null : <Alert severity="warning">{t('engineMissing')}</Alert>}
      <TextField
        fullWidth
        label={t('workflowId')}
        value={value.workflowId}
        onChange={(e) => onChange({ workflowId: e.target.value.trim() })}
        error={Boolean(message)}
        helperText={message ?? t('workflowIdHelp')}
        slotProps={{ htmlInput: { maxLength: 128, style: { fontFamily: 'monospace' } } }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('finalStatus')}
      </Typography>
    </Stack>
  );
};
