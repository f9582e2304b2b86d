import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { brokenPasswordRules } from '../../../schemas/password-policy';
import { PasswordRuleChecklist } from './PasswordRuleChecklist';
import { TextInput } from '../TextInput';

export interface NewPasswordValue {
  password: string;
  confirmation: string;
}

/** True when the new password keeps every rule and the confirmation repeats it. */
export const isNewPasswordValid = ({ password, confirmation }: NewPasswordValue): boolean =>
  brokenPasswordRules(password).length === 0 && password === confirmation;

/**
 * New password + confirmation with the live rule checklist, shared by the reset page and the
 * profile's password page. The mismatch message waits until something was typed in the confirmation.
 */
export const NewPasswordFields = ({
  value,
  onChange,
  disabled,
}: {
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
  disabled?: boolean;
}) => {
  const translate = useTranslate();
  const mismatch = value.confirmation !== '' && value.confirmation !== value.password;
  return (
    <Stack spacing={2}>
      <TextInput
        label={translate('app.password.new')}
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
        value={value.password}
        onChange={(next) => onChange({ ...value, password: next })}
      />
      <PasswordRuleChecklist password={value.password} />
      <TextInput
        label={translate('app.password.confirmation')}
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
        value={value.confirmation}
        error={mismatch}
        helperText={mismatch ? translate('app.password.mismatch') : ' '}
        onChange={(next) => onChange({ ...value, confirmation: next })}
      />
    </Stack>
  );
};
