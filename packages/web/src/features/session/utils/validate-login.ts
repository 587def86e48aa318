/** Both fields are required; the password has at least 3 characters. */
export const PASSWORD_MIN_LENGTH = 3;

export interface LoginValues {
  login: string;
  password: string;
}

export interface LoginFieldErrors {
  login?: 'loginRequired';
  password?: 'passwordRequired' | 'passwordTooShort';
}

export function validateLogin(values: LoginValues): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!values.login.trim()) errors.login = 'loginRequired';
  if (!values.password) errors.password = 'passwordRequired';
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = 'passwordTooShort';
  return errors;
}
