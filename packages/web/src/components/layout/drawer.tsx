import { useId, useRef, type ReactNode } from 'react';
import { Icon } from '../ui/icon';
import { ModalDialog } from '../ui/modal-dialog';
import { headerIconButtonClass } from './app-header';
import styles from './drawer.module.css';

export interface DrawerProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The mobile sections menu: a modal panel from the left (a native <dialog>, so the page behind
 * is inert and the focus stays inside), closed by its button, Escape or the backdrop.
 */
export function Drawer({ open, title, closeLabel, onClose, children }: DrawerProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  if (!open) return null;
  return (
    <ModalDialog
      className={styles.drawer}
      aria-labelledby={titleId}
      initialFocus={closeRef}
      onDismiss={onClose}
    >
      <div className={styles.panel}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className={headerIconButtonClass}
            onClick={onClose}
            aria-label={closeLabel}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </ModalDialog>
  );
}
