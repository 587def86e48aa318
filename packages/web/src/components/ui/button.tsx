import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/format/class-names';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  block?: boolean;
}

export function buttonClassName(
  variant: ButtonProps['variant'] = 'primary',
  block = false,
): string {
  return cx(styles.button, styles[variant], block && styles.block);
}

export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={cx(buttonClassName(variant, block), className)} {...rest} />
  );
}
