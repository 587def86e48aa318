import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { FatalError } from '../components/ui/fatal-error';
import { Icon } from '../components/ui/icon';
import { StatusScreen } from '../components/ui/status-screen';
import { isChunkLoadError } from '../lib/chunk-loading';
import { NotFoundPage } from './not-found-page';

export interface RouteErrorProps {
  /** Inside the shell's content column rather than the whole page. */
  inShell?: boolean;
}

/** The router's error element: a failed chunk, a missing page, or a fatal rendering error. */
export function RouteError({ inShell = false }: RouteErrorProps) {
  const error = useRouteError();
  const { t } = useTranslation();

  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundPage inShell={inShell} />;

  if (isChunkLoadError(error)) {
    return (
      <StatusScreen
        icon="offline"
        tone="danger"
        role="alert"
        fullScreen={!inShell}
        title={t('chunkError.title')}
        text={t('chunkError.text')}
        detail={error.message}
        actions={
          <Button onClick={() => window.location.reload()}>
            <Icon name="refresh" size={18} />
            {t('reload')}
          </Button>
        }
      />
    );
  }

  console.error('Route failure', error);
  return <FatalError fullScreen={!inShell} />;
}
