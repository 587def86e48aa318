import { useId } from 'react';
import { cx } from '../../lib/format/class-names';
import form from './text-field.module.css';
import styles from './segmented-field.module.css';

export interface SegmentedOption<Value extends string | number> {
  value: Value;
  label: string;
}

export interface SegmentedFieldProps<Value extends string | number> {
  legend: string;
  value: Value;
  options: readonly SegmentedOption<Value>[];
  onChange: (value: Value) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * A few exclusive choices side by side (news audience, UMK target students, search mode): a
 * fieldset of radio buttons drawn as a segmented control; one option per line when too narrow.
 */
export function SegmentedField<Value extends string | number>({
  legend,
  value,
  options,
  onChange,
  disabled = false,
  className,
}: SegmentedFieldProps<Value>) {
  const name = useId();
  return (
    <fieldset className={cx(styles.fieldset, className)} disabled={disabled}>
      <legend className={form.label}>{legend}</legend>
      <div className={styles.segmented} data-options={options.length > 2 ? 'many' : 'two'}>
        {options.map((option) => (
          <label key={option.value} className={styles.segment}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
