import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/format/class-names';
import { Icon } from './icon';
import { ModalDialog } from './modal-dialog';
import styles from './form-dialog.module.css';
import surface from './surface.module.css';

export interface FormDialogProps {
  title: string;
  /** One line under the title: what the form is about ('Базы данных · Экзамен'). */
  subtitle?: string;
  /** The form's fields; the body scrolls when they are taller than the screen. */
  children: ReactNode;
  /** The buttons, kept in sight at the bottom ('Отмена', 'Сохранить'). */
  footer: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Escape, the backdrop, the close button; the owner may refuse while a request runs. */
  onDismiss: () => void;
  /** A request runs: the form says it is busy. */
  busy?: boolean;
}

/**
 * A form in a modal dialog (add or edit an e-library book, a UMK material): a title bar with a
 * close button, fields that scroll, buttons that stay at the bottom. On a phone it fills the
 * screen. Built on ModalDialog (native <dialog>): focus stays inside, Escape asks the owner.
 */
export function FormDialog({
  title,
  subtitle,
  children,
  footer,
  onSubmit,
  onDismiss,
  busy = false,
}: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <ModalDialog
      className={cx(surface.card, styles.dialog)}
      aria-labelledby={titleId}
      onDismiss={onDismiss}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <header className={styles.header}>
          <div className={styles.heading}>
            <h2 id={titleId} className={surface.title}>
              {title}
            </h2>
            {subtitle ? <p className={surface.note}>{subtitle}</p> : null}
          </div>
          <button
            type="button"
            className={surface.iconButton}
            aria-label={t('close')}
            onClick={onDismiss}
          >
            <Icon name="close" size={20} />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
        <footer className={styles.footer}>{footer}</footer>
      </form>
    </ModalDialog>
  );
}
