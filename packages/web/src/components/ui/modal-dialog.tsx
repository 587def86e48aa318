import { useEffect, useRef, type DialogHTMLAttributes, type RefObject } from 'react';
import { focusPageHeading } from '../../lib/ui-state/page-heading';

export interface ModalDialogProps extends Omit<
  DialogHTMLAttributes<HTMLDialogElement>,
  'open' | 'onCancel' | 'onClose'
> {
  /** Escape, a click on the backdrop, or the browser closing it: the owner decides what follows. */
  onDismiss: () => void;
  /** Focused on opening; otherwise the browser focuses the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** How long a control given the focus back is watched for going with what the dialog did. */
const WATCH_REMOVAL_MS = 10_000;

/**
 * The control the focus went back to may go a moment later, with the answer the dialog's action
 * waited for (a deleted date's bin, once the journal is read again): the focus, left on nothing,
 * then goes to the screen's heading. Once the person has moved it elsewhere, it stays there.
 */
function headingIfRemoved(control: HTMLElement) {
  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    observer.disconnect();
    const focused = document.activeElement;
    if (!focused || focused === document.body) focusPageHeading();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), WATCH_REMOVAL_MS);
}

/**
 * A native modal <dialog>, open while it is rendered: showModal() makes the rest of the page
 * inert (the focus stays inside) and gives Escape; the focus goes back where it was on closing,
 * or, when that control is gone with what the dialog did (a deleted item's button), now or a
 * moment later, to the screen's heading rather than to nowhere.
 */
export function ModalDialog({ onDismiss, initialFocus, children, ...rest }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closingRef = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closingRef.current = false;
    showModal(dialog);
    initialFocus?.current?.focus();
    return () => {
      closingRef.current = true;
      if (typeof dialog.close === 'function') dialog.close();
      if (previous?.isConnected) {
        previous.focus();
        headingIfRemoved(previous);
      } else focusPageHeading();
    };
  }, [initialFocus]);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      {...rest}
      onCancel={(event) => {
        // Escape asks the owner, which may refuse (e.g. while a request runs).
        event.preventDefault();
        onDismiss();
      }}
      onClose={(event) => {
        // Ours (unmounting), or a late event of a close before the dialog opened again (StrictMode).
        if (closingRef.current || event.currentTarget.open) return;
        // The browser closed it itself (a repeated Escape is not cancelable): tell the owner, and
        // open it again should the owner keep it.
        onDismiss();
        const dialog = event.currentTarget;
        setTimeout(() => {
          if (!closingRef.current && dialog.isConnected && !dialog.open) showModal(dialog);
        });
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onDismiss();
      }}
    >
      {children}
    </dialog>
  );
}

function showModal(dialog: HTMLDialogElement): void {
  // jsdom has no showModal; there the open attribute stands in for it.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}
