import type { ReactNode } from 'react';
import { cx } from '../../lib/format/class-names';
import { FileKindIcon } from '../ui/file-kind-icon';
import { Icon } from '../ui/icon';
import { FileActions, type FileActionsProps } from './file-actions';
import styles from './publication-card.module.css';

export interface PublicationChip {
  label: string;
  /** Drawn in the primary tint ('Есть в электронной библиотеке'). */
  accent?: boolean;
}

export interface PublicationCardProps {
  title: string;
  /** One muted line under the title: kind, discipline, author. */
  meta: string;
  description?: string;
  /** Short facts (students, pages, origin), read as a list named `chipsLabel`. */
  chips: readonly PublicationChip[];
  chipsLabel: string;
  /** The stored file to open or download; null when there is none (an HTML book). */
  file: FileActionsProps | null;
  /** Said instead of the file actions when there is no file. */
  noFile?: ReactNode;
  /** The owner's buttons (edit, delete). */
  actions?: ReactNode;
}

/**
 * One publication in a list (a UMK material, an e-library book): its file-type tile, title, meta
 * line, two lines of description, facts as chips, then its file and the owner's actions.
 */
export function PublicationCard({
  title,
  meta,
  description,
  chips,
  chipsLabel,
  file,
  noFile,
  actions,
}: PublicationCardProps) {
  return (
    <li className={styles.card}>
      <div className={styles.top}>
        <span className={styles.tile}>
          {file ? <FileKindIcon name={file.name} size={24} /> : <Icon name="library" size={22} />}
        </span>
        <div className={styles.text}>
          <h3 className={styles.title}>{title}</h3>
          {meta ? <p className={styles.meta}>{meta}</p> : null}
          {description ? <p className={styles.description}>{description}</p> : null}
          {chips.length > 0 ? (
            <ul className={styles.chips} aria-label={chipsLabel}>
              {chips.map((chip) => (
                <li key={chip.label} className={cx(styles.chip, chip.accent && styles.accent)}>
                  {chip.label}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className={styles.bottom}>
        {file ? <FileActions {...file} /> : <div className={styles.noFile}>{noFile}</div>}
        {actions ? <span className={styles.actions}>{actions}</span> : null}
      </div>
    </li>
  );
}

/** The list of publication cards, named for screen readers ('Материалы', 'Книги'). */
export function PublicationList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}
