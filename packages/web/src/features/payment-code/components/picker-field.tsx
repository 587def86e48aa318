import { useId, type ReactNode } from 'react';
import { PLACEHOLDER_ID, PLACEHOLDER_TEXT } from '../utils/pickers';
import styles from './payment-code.module.css';

export interface PickerOption {
  id: number;
  name: string;
}

export interface PickerFieldProps {
  label: string;
  value: number;
  options: readonly PickerOption[];
  onChange: (id: number) => void;
  disabled?: boolean;
  /** A request for the options is under way. */
  busy?: boolean;
  /** One line under the select, read with it by screen readers. */
  hint?: string;
  className?: string;
  children?: ReactNode;
}

/** A labelled native select that always offers the ' --- ' placeholder (id -1) first. */
export function PickerField({
  label,
  value,
  options,
  onChange,
  disabled = false,
  busy = false,
  hint,
  className,
  children,
}: PickerFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        <option value={PLACEHOLDER_ID}>{PLACEHOLDER_TEXT}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
