import type { ReactNode } from 'react';
import { cx } from '../../lib/format/class-names';
import { Icon } from './icon';
import styles from './success-notice.module.css';
import surface from './surface.module.css';

export interface SuccessNoticeProps {
  /** What the write just did ('Заявка отправлена.'); nothing while there is nothing to say. */
  children?: ReactNode;
  /** The check mark before the text; a notice that is not a success (a cancelled send) has none. */
  done?: boolean;
  className?: string;
}

/**
 * What a screen's write just did, under its form or list. The live region stays in the page while
 * empty, so the next notice is announced when it arrives.
 */
export function SuccessNotice({ children, done = true, className }: SuccessNoticeProps) {
  return (
    <p role="status" className={cx(surface.liveNote, styles.notice, className)}>
      {children ? (
        <>
          {done ? <Icon name="check" size={18} /> : null}
          {children}
        </>
      ) : null}
    </p>
  );
}
