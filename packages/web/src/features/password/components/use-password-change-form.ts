import { useState, type FormEvent } from 'react';
import { useShellSession } from '../../../lib/session/shell-session';
import { useChangePassword } from '../api/change-password';
import {
  describePasswordChangeFailure,
  type PasswordChangeFailure,
} from '../utils/password-change-failure';
import {
  firstInvalidField,
  validatePasswordChange,
  type PasswordChangeErrors,
  type PasswordChangeField,
  type PasswordChangeValues,
} from '../utils/validate-password-change';

const EMPTY: PasswordChangeValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

export interface PasswordChangeFormState {
  values: PasswordChangeValues;
  setValue: (field: PasswordChangeField, value: string) => void;
  /** Field messages, shown once the user has tried to submit. */
  fieldErrors: PasswordChangeErrors;
  pending: boolean;
  /** The last attempt changed the password (cleared as soon as the user types again). */
  succeeded: boolean;
  /** Why the last attempt failed; what the user typed stays for another try. */
  failure: PasswordChangeFailure | null;
  submit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The password change of the signed-in account: nothing is sent while the form is invalid; a
 * success clears the fields, a failure keeps them.
 */
export function usePasswordChangeForm(): PasswordChangeFormState {
  const { user } = useShellSession();
  const change = useChangePassword();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [attempted, setAttempted] = useState(false);

  return {
    values,
    setValue: (field, value) => {
      setValues((current) => ({ ...current, [field]: value }));
      if (change.isSuccess) change.reset();
    },
    fieldErrors: attempted ? validatePasswordChange(values) : {},
    pending: change.isPending,
    succeeded: change.isSuccess,
    failure: change.isError ? describePasswordChangeFailure(change.error) : null,
    submit: (event) => {
      event.preventDefault();
      if (change.isPending) return;
      setAttempted(true);
      const invalid = firstInvalidField(validatePasswordChange(values));
      if (invalid) {
        // A message about an earlier attempt would contradict the field messages now shown.
        change.reset();
        event.currentTarget.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
        return;
      }
      change.mutate(
        {
          password: values.oldPassword,
          newPassword: values.newPassword,
          uid: user.uid,
          role: user.role,
        },
        {
          onSuccess: () => {
            setValues(EMPTY);
            setAttempted(false);
          },
        },
      );
    },
  };
}
