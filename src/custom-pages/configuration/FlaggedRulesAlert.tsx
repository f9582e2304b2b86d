import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslate } from 'react-admin';
import { getFlaggedRules } from '../../../schemas/contracts/nlu';
import { useCall } from '../../providers/useCall';

/** Rules that can never match (spec §4: flagged when they name a disabled interaction). */
export const FlaggedRulesAlert = ({ envId }: { envId: string }) => {
  const translate = useTranslate();
  const flagged = useCall(getFlaggedRules, { params: { envId } });
  if (flagged.status !== 'success' || flagged.data.flagged.length === 0) return null;
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>
        {translate('app.nlu.configuration.flagged.title', { smart_count: flagged.data.flagged.length })}
      </AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {flagged.data.flagged.map((f) => (
          <li key={`${f.category}/${f.rule}`}>
            {translate('app.nlu.configuration.flagged.rule', {
              rule: f.rule,
              category: f.category,
              reason: f.reason,
            })}
          </li>
        ))}
      </ul>
    </Alert>
  );
};
