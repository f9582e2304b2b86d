import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogin, useTranslate } from 'react-admin';
import type { LoginParams } from '../../../providers/authProvider';
import { loginMessageKeys, toLoginError } from '../../../providers/loginErrors';
import { errorTextKey } from '../../../i18n/errorCodes';

export type LoginStep = 'username' | 'password';

/**
 * The two-step sign-in (spec §2): the username first, then the password. A failure is shown on the
 * step it is about — an unknown username sends the user back to the first step.
 */
export const useLoginFlow = () => {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const next = () => {
    if (username.trim() === '') return;
    setError(undefined);
    setStep('password');
  };

  const back = () => {
    setError(undefined);
    setPassword('');
    setStep('username');
  };

  const submit = async () => {
    if (password === '' || submitting) return;
    setSubmitting(true);
    setError(undefined);
    try {
      // The auth provider answers with the page to go to; useLogin navigates there.
      await login({ username: username.trim(), password } satisfies LoginParams);
    } catch (err) {
      const failure = toLoginError(err);
      if (failure.reason === 'passwordExpired' && failure.refreshToken) {
        navigate(`/reset-password/${encodeURIComponent(failure.refreshToken)}?hasExpired=true`);
        return;
      }
      if (failure.reason === 'usernameIncorrect') {
        setPassword('');
        setStep('username');
      }
      setError(
        failure.reason === 'tooManyAttempts'
          ? failure.minutes !== undefined
            ? // In the user's language, from the code and its params (the server's words are English).
              translate(errorTextKey('TOO_MANY_ATTEMPTS'), { minutes: failure.minutes })
            : (failure.serverMessage ?? translate(loginMessageKeys.generic))
          : translate(loginMessageKeys[failure.reason === 'passwordExpired' ? 'generic' : failure.reason]),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return { step, username, setUsername, password, setPassword, error, submitting, next, back, submit };
};
