import { useState, type FormEvent } from 'react';
import { useApiClient } from '../../../lib/api-client';
import { hasTokenCookie } from '../../../lib/session-cookies';
import { useAuthorize } from '../api/authorize';
import { logout } from '../api/logout';
import { loginErrorKey, type LoginErrorKey } from '../utils/login-error';
import { isPortalUser } from '../utils/roles';
import { validateLogin, type LoginFieldErrors, type LoginValues } from '../utils/validate-login';

export interface LoginFormState {
  values: LoginValues;
  setValue: (field: keyof LoginValues, value: string) => void;
  /** Field messages, shown once the user has tried to submit. */
  fieldErrors: LoginFieldErrors;
  error: LoginErrorKey | null;
  dismissError: () => void;
  pending: boolean;
  submit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The login form's state, held by the page so switching between the desktop and the mobile form
 * keeps what the user typed (as does a failed attempt).
 */
export function useLoginForm(options: {
  initialError: LoginErrorKey | null;
  onSignedIn: () => void;
}): LoginFormState {
  const client = useApiClient();
  const authorize = useAuthorize();
  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<LoginErrorKey | null>(options.initialError);

  const fieldErrors = attempted ? validateLogin(values) : {};

  async function signIn(): Promise<void> {
    setError(null);
    try {
      const user = await authorize.mutateAsync(values);
      if (isPortalUser(user)) {
        options.onSignedIn();
        return;
      }
      if (user) {
        // Section 6: only teachers and students enter; the server session it opened is closed.
        setError('roleRefused');
        logout(client).catch(() => undefined);
        return;
      }
      setError(loginErrorKey({ tokenPresent: hasTokenCookie() }));
    } catch (failure) {
      setError(loginErrorKey({ error: failure, tokenPresent: hasTokenCookie() }));
    }
  }

  return {
    values,
    setValue: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    fieldErrors,
    error,
    dismissError: () => setError(null),
    pending: authorize.isPending,
    submit: (event) => {
      event.preventDefault();
      setAttempted(true);
      const errors = validateLogin(values);
      if (errors.login || errors.password) {
        const firstInvalid = errors.login ? 'login' : 'password';
        event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }
      void signIn();
    },
  };
}
