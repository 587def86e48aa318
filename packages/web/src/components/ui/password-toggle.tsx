import { Icon } from './icon';
import { cx } from '../../lib/format/class-names';
import styles from './password-toggle.module.css';
import surface from './surface.module.css';

export interface PasswordToggleProps {
  /** Whether the password is shown as text now. */
  visible: boolean;
  onToggle: () => void;
  /** The id of the input it shows and hides. */
  controls: string;
  /** The button's name while the password is hidden and while it is shown. */
  showLabel: string;
  hideLabel: string;
}

/** The show/hide button of a password input (login and password change). */
export function PasswordToggle({
  visible,
  onToggle,
  controls,
  showLabel,
  hideLabel,
}: PasswordToggleProps) {
  return (
    <button
      type="button"
      className={cx(surface.iconButton, styles.toggle)}
      onClick={onToggle}
      aria-label={visible ? hideLabel : showLabel}
      aria-controls={controls}
    >
      <Icon name={visible ? 'eyeOff' : 'eye'} />
    </button>
  );
}
