import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  block?: boolean;
}

export function buttonClassName(
  variant: ButtonProps['variant'] = 'primary',
  block = false,
): string {
  return [styles.button, styles[variant], block ? styles.block : undefined]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClassName(variant, block), className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
