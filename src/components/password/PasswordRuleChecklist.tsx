import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '../visuallyHidden';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES, brokenPasswordRules } from '../../../schemas/password-policy';

/**
 * The password rules of spec §5, ticked live as the user types. Each rule says in words whether it
 * is met, since the icon colour alone would not reach everyone.
 */
export const PasswordRuleChecklist = ({ password }: { password: string }) => {
  const translate = useTranslate();
  const broken = new Set(brokenPasswordRules(password));
  return (
    <List dense aria-label={translate('app.password.rulesTitle')} disablePadding>
      {PASSWORD_RULES.map((rule) => {
        const met = !broken.has(rule);
        return (
          <ListItem key={rule} disableGutters data-rule={rule} data-met={met}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {met ? (
                <CheckCircleOutline fontSize="small" color="success" />
              ) : (
                <RadioButtonUnchecked fontSize="small" color="disabled" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={translate(`app.password.rules.${rule}`, { count: PASSWORD_MIN_LENGTH })}
              secondary={translate(met ? 'app.password.ruleMet' : 'app.password.ruleNotMet')}
              slotProps={{ secondary: { sx: visuallyHidden } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
};
