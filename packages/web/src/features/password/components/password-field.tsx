import { useId, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { PasswordToggle } from '../../../components/ui/password-toggle';
// Before the feature's own styles, which refine it.
import field from '../../../components/ui/text-field.module.css';
import styles from './password-change-panel.module.css';

export interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** The toggle's names while the password is hidden and while it is shown. */
  showLabel: string;
  hideLabel: string;
  /** A standing hint under the field (e.g. the minimum length). */
  hint?: string;
  /** The field's message once the form has been submitted. */
  error?: string;
  minLength?: number;
}

/** A labelled password input with its own show/hide toggle, hint and error message. */
export function PasswordField({
  name,
  label,
  value,
  onChange,
  autoComplete,
  showLabel,
  hideLabel,
  hint,
  error,
  minLength,
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The error replaces the hint (it says the same, louder).
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className={field.field}>
      <label className={field.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={`${field.control} ${styles.control}`}>
        <input
          id={inputId}
          className={`${field.input} ${field.withToggle}`}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          minLength={minLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <PasswordToggle
          visible={visible}
          onToggle={() => setVisible((shown) => !shown)}
          controls={inputId}
          showLabel={showLabel}
          hideLabel={hideLabel}
        />
      </div>
      {error ? (
        <p id={errorId} className={field.fieldError}>
          <Icon name="alert" size={16} className={styles.fieldErrorIcon} />
          {error}
        </p>
      ) : null}
      {hint && !error ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
