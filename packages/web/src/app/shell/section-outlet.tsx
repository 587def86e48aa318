import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { usePageTitle } from '../../lib/ui-state/page-chrome';
import type { ShellSession } from '../../lib/session/shell-session';
import { RouteErrorBoundary } from '../route-error';
import styles from './shell-layout.module.css';

/**
 * The section the route names, inside the shell's frame: 'Загрузка...' (and a progress bar) while
 * its chunk loads, and a failure (e.g. 'Loading chunk … failed') in its place, with the frame kept.
 */
export function SectionOutlet({ context }: { context: ShellSession }) {
  return (
    <RouteErrorBoundary inShell>
      <Suspense
        fallback={
          <>
            <div className={styles.progress} aria-hidden="true" />
            <Loading />
          </>
        }
      >
        <Outlet context={context} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function PageTitle({ section }: { section: string }) {
  usePageTitle(section);
  return null;
}
