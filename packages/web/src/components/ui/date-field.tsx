import { formatDate, parseDate } from '@lms/i18n/dates';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/format/class-names';
import { Icon } from './icon';
import styles from './date-field.module.css';
import surface from './surface.module.css';
import form from './text-field.module.css';

export interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, or '' while the field holds no whole date. */
  value: string;
  /** The date typed or picked (YYYY-MM-DD), or '' while what is typed is not a whole date yet. */
  onChange: (value: string) => void;
  /** The earliest and latest dates the calendar offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
  /** Why the date cannot be taken: said under the field and read with it. */
  error?: string | null;
}

/**
 * A date as the portal writes it (DD.MM.YYYY) whatever the browser's language: a native date input
 * shows the browser's format ('11/29/2026' in the Russian interface of an English browser). The
 * date is typed in a text field, day first; the button beside it opens the browser's own calendar
 * (`showPicker()` on a date input the screen reader and the Tab key skip, since the text field
 * says the same), and the date picked there is written back in the portal's format.
 */
export function DateField({ label, value, onChange, min, max, error }: DateFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const calendarRef = useRef<HTMLInputElement>(null);
  // What the person types stays as typed while it still says the field's date (or no whole date
  // yet); once they leave it, or the date comes from elsewhere, the date reads DD.MM.YYYY.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed !== null && (parseDate(typed) ?? '') === value ? typed : formatDate(value);

  const openCalendar = () => {
    const calendar = calendarRef.current;
    if (!calendar) return;
    if (typeof calendar.showPicker === 'function') {
      try {
        calendar.showPicker();
        return;
      } catch {
        // A browser that refuses to open it (no user activation): the text field stays.
      }
    }
    calendar.click();
  };

  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      <div className={cx(form.control, styles.control)}>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          className={cx(form.input, styles.text)}
          value={shown}
          placeholder={t('dateField.format')}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(`${id}-format`, error && `${id}-error`)}
          onChange={(event) => {
            setTyped(event.target.value);
            onChange(parseDate(event.target.value) ?? '');
          }}
          onBlur={() => {
            if (typed !== null && parseDate(typed)) setTyped(null);
          }}
        />
        <button
          type="button"
          className={cx(surface.iconButton, styles.calendarButton)}
          aria-label={t('dateField.openCalendar')}
          title={t('dateField.openCalendar')}
          onClick={openCalendar}
        >
          <Icon name="calendar" size={20} />
        </button>
        <input
          ref={calendarRef}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          className={styles.calendar}
          value={value}
          min={min}
          max={max}
          onChange={(event) => {
            setTyped(null);
            onChange(event.target.value);
          }}
        />
      </div>
      <span id={`${id}-format`} className="visually-hidden">
        {t('dateField.formatHint')}
      </span>
      {error ? (
        <p id={`${id}-error`} className={form.fieldError}>
          <Icon name="alert" size={16} />
          {error}
        </p>
      ) : null}
    </div>
  );
}
