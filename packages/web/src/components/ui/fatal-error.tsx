import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon } from './icon';
import { StatusScreen } from './status-screen';

export interface FatalErrorProps {
  fullScreen?: boolean;
}

/** A fatal rendering error shows 'Ошибка, обновите страницу!'. */
export function FatalError({ fullScreen = true }: FatalErrorProps) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon="alert"
      tone="danger"
      role="alert"
      fullScreen={fullScreen}
      title={t('errorBoundary')}
      actions={
        <Button onClick={() => window.location.reload()}>
          <Icon name="refresh" size={18} />
          {t('reload')}
        </Button>
      }
    />
  );
}
