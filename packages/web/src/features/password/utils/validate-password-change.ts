/** A new password has at least 4 characters. */
export const NEW_PASSWORD_MIN_LENGTH = 4;

export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeValues;

export interface PasswordChangeErrors {
  oldPassword?: 'oldRequired';
  newPassword?: 'newRequired' | 'newTooShort';
  confirmPassword?: 'confirmRequired' | 'confirmMismatch';
}

/** In the order the form shows them (the first invalid one takes the focus). */
export const PASSWORD_CHANGE_FIELDS: readonly PasswordChangeField[] = [
  'oldPassword',
  'newPassword',
  'confirmPassword',
];

/**
 * The old password is required, the new one has at least 4 characters, and the
 * confirmation must match it. Passwords are taken as typed (spaces count).
 */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!values.oldPassword) errors.oldPassword = 'oldRequired';
  if (!values.newPassword) errors.newPassword = 'newRequired';
  else if (values.newPassword.length < NEW_PASSWORD_MIN_LENGTH) errors.newPassword = 'newTooShort';
  if (!values.confirmPassword) errors.confirmPassword = 'confirmRequired';
  else if (values.confirmPassword !== values.newPassword)
    errors.confirmPassword = 'confirmMismatch';
  return errors;
}

export function firstInvalidField(errors: PasswordChangeErrors): PasswordChangeField | undefined {
  return PASSWORD_CHANGE_FIELDS.find((field) => errors[field] !== undefined);
}
