import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { FatalError } from '../components/ui/fatal-error';
import { Icon } from '../components/ui/icon';
import { StatusScreen } from '../components/ui/status-screen';
import { loadNewVersion } from '../lib/ui-state/app-update';
import { isChunkLoadError } from '../lib/ui-state/chunk-loading';

export interface RouteErrorProps {
  error: unknown;
  /** Inside the shell's content column rather than the whole page. */
  inShell?: boolean;
}

/**
 * What a failed route shows: a chunk that did not load (because a new version was deployed under
 * the page, offered to be loaded, or because of the network), or a fatal rendering error.
 */
export function RouteError({ error, inShell = false }: RouteErrorProps) {
  const { t } = useTranslation();

  if (isChunkLoadError(error)) {
    // A new version deployed under the page is offered; only the network is told to be checked.
    const fresh = error.failure === 'new-version';
    return (
      <StatusScreen
        icon={fresh ? 'refresh' : 'offline'}
        tone={fresh ? 'info' : 'danger'}
        role="alert"
        fullScreen={!inShell}
        title={t(fresh ? 'newVersion.title' : 'chunkError.title')}
        text={t(fresh ? 'newVersion.text' : 'chunkError.text')}
        detail={error.message}
        actions={
          <Button onClick={fresh ? loadNewVersion : () => window.location.reload()}>
            <Icon name="refresh" size={18} />
            {t(fresh ? 'newVersion.load' : 'reload')}
          </Button>
        }
      />
    );
  }

  return <FatalError fullScreen={!inShell} />;
}

export interface RouteErrorBoundaryProps extends Omit<RouteErrorProps, 'error'> {
  children: ReactNode;
}

/**
 * The routes' error boundary: a failure is shown in place of the page (or, in the shell, of the
 * section, with the frame kept), and going to another page tries again.
 */
export function RouteErrorBoundary({ children, inShell = false }: RouteErrorBoundaryProps) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error) => <RouteError error={error} inShell={inShell} />}
    >
      {children}
    </ErrorBoundary>
  );
}
