import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslate } from 'react-admin';
import { getFlaggedRules, type FlaggedRuleAnswer } from '../../../../schemas/contracts/nlu';
import { useCall } from '../../../providers/useCall';

/**
 * What keeps categories from working as written: the categorisation's compatibility problems (spec
 * §5: one server, AI version v5, response format V5) and the rules that can never match (spec §4:
 * flagged when they name a disabled interaction).
 */
export const FlaggedRulesAlert = ({ envId }: { envId: string }) => {
  const translate = useTranslate();
  const answer = useCall(getFlaggedRules, { params: { envId } });
  if (answer.status !== 'success') return null;
  const { compatibility, flagged } = answer.data;
  return (
    <>
      {compatibility.length > 0 ? (
        <Alert severity="warning" role="alert">
          <AlertTitle>{translate('app.nlu.configuration.compatibility')}</AlertTitle>
          <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
            {compatibility.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {flagged.length > 0 ? <FlaggedRules flagged={flagged} /> : null}
    </>
  );
};

const FlaggedRules = ({ flagged }: { flagged: FlaggedRuleAnswer[] }) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>
        {translate('app.nlu.configuration.flagged.title', { smart_count: flagged.length })}
      </AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {flagged.map((f) => (
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
