import type { ReactNode } from 'react';
import { Icon, type IconSource } from './icon';
import { cx } from '../../lib/format/class-names';
import { usePageTitle } from '../../lib/ui-state/page-chrome';
import styles from './page-header.module.css';
import surface from './surface.module.css';

export interface PageHeaderProps {
  title: string;
  icon?: IconSource;
}

/** The heading of a content page (the one <h1> of the content column). */
export function PageHeader({ title, icon }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      {icon ? (
        <span className={cx(surface.tile, styles.icon)}>
          <Icon name={icon} size={22} />
        </span>
      ) : null}
      {/* Focused after a change of screen (app/focus-on-navigation.ts), never by Tab. */}
      <h1 className={styles.title} tabIndex={-1}>
        {title}
      </h1>
    </header>
  );
}

export interface SectionPageProps extends PageHeaderProps {
  /**
   * The page's layout: a box of this class holds its header and blocks one under another. Without
   * it the header and the blocks stand in the content column itself, with no box around them.
   */
  className?: string;
  children: ReactNode;
}

/** A section's page: its header, whose title is also the document's, above the section's blocks. */
export function SectionPage({ title, icon, className, children }: SectionPageProps) {
  usePageTitle(title);
  const page = (
    <>
      <PageHeader title={title} icon={icon} />
      {children}
    </>
  );
  return className === undefined ? page : <div className={className}>{page}</div>;
}
