import { useState, type FormEvent } from 'react';
import { useApiClient } from '../../../lib/query/api-client';
import { useLazyQueryClient } from '../../../lib/query/lazy-query-client';
import { hasTokenCookie } from '../../../lib/session/session-cookies';
import { authorize } from '../api/authorize';
import { logout } from '../api/logout';
import { sessionKeys } from '../api/session-keys';
import {
  loginErrorKey,
  loginErrorValues,
  type LoginErrorKey,
  type LoginErrorValues,
} from '../utils/login-error';
import { isPortalUser, type PortalUser } from '../../../lib/session/roles';
import { storeSessionId } from '../utils/session-id';
import { rememberUser } from '../utils/stored-user';
import { validateLogin, type LoginFieldErrors, type LoginValues } from '../utils/validate-login';
import type { BootLogin } from '../utils/boot-login';

export interface LoginFormState {
  values: LoginValues;
  setValue: (field: keyof LoginValues, value: string) => void;
  /** Field messages, shown once the user has tried to submit. */
  fieldErrors: LoginFieldErrors;
  error: LoginErrorKey | null;
  /** What the error's text names (how long to wait after too many attempts). */
  errorValues: LoginErrorValues;
  dismissError: () => void;
  pending: boolean;
  /** The password shown as text (the toggle); kept when the layout switches. */
  passwordVisible: boolean;
  togglePassword: () => void;
  submit: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * Takes over what the boot screen's form held (see boot-login.ts): its values and toggle, and
   * a press of 'Войти' made before the scripts arrived, which is sent now, checked as any other
   * (`form` is the login page's form, whose first wrong field gets the focus).
   */
  adopt: (boot: BootLogin, form: HTMLFormElement | null) => void;
}

/**
 * The login form's state, held by the page so switching between the desktop and the mobile form
 * keeps what the user typed (as does a failed attempt).
 *
 * The login screen works without TanStack Query (it is not in the /lms/login bundle): the request
 * goes through the client, and a signed-in user is written into the query cache, which loads
 * while the server checks the password, before the shell takes over.
 */
export function useLoginForm(options: {
  initialError: LoginErrorKey | null;
  onSignedIn: (user: PortalUser) => void;
  /** The request is on its way: what comes after a login may start loading. */
  onSubmitting?: () => void;
}): LoginFormState {
  const client = useApiClient();
  const queryClient = useLazyQueryClient();
  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<LoginErrorKey | null>(options.initialError);
  const [errorValues, setErrorValues] = useState<LoginErrorValues>({});
  const [pending, setPending] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);

  const fieldErrors = attempted ? validateLogin(values) : {};

  async function signIn(credentials: LoginValues): Promise<void> {
    setError(null);
    setErrorValues({});
    setPending(true);
    // A login request first clears the user.
    queryClient.current?.setQueryData(sessionKeys.user(), null);
    try {
      const request = authorize(client, credentials);
      // After the login request is on its way, so it does not queue behind chunk downloads (which
      // the login page fetched while the person typed, when it had the time). A failed cache
      // chunk is reported by the shell's route, not as a wrong password.
      const cacheReady = queryClient.load().catch(() => undefined);
      options.onSubmitting?.();
      const user = await request;
      if (isPortalUser(user)) {
        // A teacher or student is stored, with a client-generated identifier.
        (await cacheReady)?.setQueryData(sessionKeys.user(), user);
        storeSessionId();
        rememberUser(user);
        options.onSignedIn(user);
        return;
      }
      if (user) {
        // Only teachers and students enter; the server session it opened is closed.
        setError('roleRefused');
        logout(client).catch(() => undefined);
        return;
      }
      setError(loginErrorKey({ tokenPresent: hasTokenCookie() }));
    } catch (failure) {
      setError(loginErrorKey({ error: failure, tokenPresent: hasTokenCookie() }));
      setErrorValues(loginErrorValues(failure));
    } finally {
      setPending(false);
    }
  }

  /** Checks the fields (the first wrong one gets the focus), then signs in. */
  function send(sent: LoginValues, form: HTMLFormElement | null): void {
    setAttempted(true);
    const errors = validateLogin(sent);
    if (errors.login || errors.password) {
      const firstInvalid = errors.login ? 'login' : 'password';
      form?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    void signIn(sent);
  }

  return {
    values,
    setValue: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    fieldErrors,
    error,
    errorValues,
    dismissError: () => setError(null),
    pending,
    passwordVisible,
    togglePassword: () => setPasswordVisible((visible) => !visible),
    submit: (event) => {
      event.preventDefault();
      if (pending) return;
      send(values, event.currentTarget);
    },
    adopt: (boot, form) => {
      setValues(boot.values);
      setPasswordVisible(boot.passwordVisible);
      if (boot.sent && !pending) send(boot.values, form);
    },
  };
}
