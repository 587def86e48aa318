import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from './action-icons';
import { Button, buttonClassName } from './button';
import { FailureMessage, type FailureMessageProps } from './failure-message';
import { ModalDialog } from './modal-dialog';
import { cx } from '../../lib/format/class-names';
import styles from './confirm-dialog.module.css';
import surface from './surface.module.css';

export interface ConfirmDialogProps {
  title: string;
  /** What confirming does, read with the title. */
  text: string;
  confirmLabel: string;
  /** The confirm button's text while the action runs ('Удаление...'). */
  pendingLabel?: string;
  /** 'Отмена' unless the screen has better words. */
  cancelLabel?: string;
  /** A destructive action: the icon tile and the confirm button in the danger colour. */
  danger?: boolean;
  /** Shown on a tile above the title (decorative). */
  icon?: ReactNode;
  /** Shown inside the confirm button before its text. */
  confirmIcon?: ReactNode;
  /** The action runs: both buttons wait, and Escape and the backdrop do not cancel. */
  pending?: boolean;
  /** Why the last attempt failed; the dialog stays open so it can be tried again. */
  error?: FailureMessageProps | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the action is about (a quote of the item), between the text and the buttons. */
  children?: ReactNode;
}

/**
 * Asks before an action that cannot be undone: a modal alert dialog, opened with the least
 * destructive answer focused.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  danger = false,
  icon,
  confirmIcon,
  pending = false,
  error,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const cancel = () => {
    if (!pending) onCancel();
  };

  return (
    <ModalDialog
      className={cx(surface.card, styles.dialog)}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      initialFocus={cancelRef}
      onDismiss={cancel}
    >
      <div className={styles.body}>
        {icon ? (
          <span className={cx(danger ? surface.dangerTile : surface.tile, styles.icon)}>
            {icon}
          </span>
        ) : null}
        <h2 id={titleId} className={surface.title}>
          {title}
        </h2>
        <p id={textId} className={surface.note}>
          {text}
        </p>
        {children}
        {error ? <FailureMessage {...error} /> : null}
        <div className={styles.actions}>
          <button
            ref={cancelRef}
            type="button"
            className={buttonClassName('secondary')}
            onClick={cancel}
            disabled={pending}
          >
            {cancelLabel ?? t('cancel')}
          </button>
          <Button
            className={danger ? styles.dangerButton : undefined}
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
          >
            {confirmIcon}
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

export type DeleteConfirmDialogProps = Omit<ConfirmDialogProps, 'danger' | 'icon' | 'confirmIcon'>;

/** Asks before deleting: the confirmation in the danger colour, with the bin on tile and button. */
export function DeleteConfirmDialog(props: DeleteConfirmDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      danger
      icon={<ActionIcon name="trash" size={22} />}
      confirmIcon={<ActionIcon name="trash" size={18} />}
    />
  );
}
