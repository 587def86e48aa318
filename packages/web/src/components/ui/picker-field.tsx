import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/format/class-names';
import { PLACEHOLDER_ID, PLACEHOLDER_TEXT } from '../../lib/ui-state/pickers';
import { Icon } from './icon';
import { QueryFailed } from './query-state';
import styles from './text-field.module.css';

export interface PickerOption {
  id: number;
  name: string;
}

/** The request of a picker's options: while it runs the picker is busy; failed, it offers a retry. */
export type OptionsQuery = Pick<
  UseQueryResult<unknown>,
  'isFetching' | 'isError' | 'error' | 'refetch'
>;

export interface PickerFieldProps {
  label: string;
  /** The chosen id; PLACEHOLDER_ID (-1) while nothing is chosen. */
  value: number;
  options: readonly PickerOption[];
  onChange: (id: number) => void;
  /** The text of the placeholder entry: ' --- ' unless it means more ('Все факультеты'). */
  placeholder?: string;
  /** The placeholder entry's id: -1, or 0 for the stream picker's ('Выберите поток'). */
  placeholderId?: number;
  disabled?: boolean;
  /** The form cannot be sent without a choice: the label carries the mark the text fields have. */
  required?: boolean;
  /** The request of the options: busy while it runs, a failed state with a retry when it failed. */
  query?: OptionsQuery;
  /** What the failed state says ('Не удалось загрузить список преподавателей.'). */
  failedText?: string;
  /** Another request the options wait for is under way (besides `query`). */
  busy?: boolean;
  /** One line under the select, read with it by screen readers. */
  hint?: string;
  /** Why the choice is refused ('Выберите категорию.'): marks the select invalid. */
  error?: string;
  className?: string;
  /** Under the hint: a failed state with a retry, a loading note. */
  children?: ReactNode;
}

/** A labelled native select that always offers the placeholder entry (id -1) first. */
export function PickerField({
  label,
  value,
  options,
  onChange,
  placeholder = PLACEHOLDER_TEXT,
  placeholderId = PLACEHOLDER_ID,
  disabled = false,
  required = false,
  busy = false,
  query,
  failedText,
  hint,
  error,
  className,
  children,
}: PickerFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        aria-busy={busy || query?.isFetching || undefined}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        <option value={placeholderId}>{placeholder}</option>
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
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          <Icon name="alert" size={16} />
          {error}
        </p>
      ) : null}
      {query?.isError ? (
        <QueryFailed text={failedText} error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {children}
    </div>
  );
}
