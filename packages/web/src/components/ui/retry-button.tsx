import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon } from './icon';

/** 'Повторить', the way to try a failed request again. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Button variant="secondary" onClick={onRetry}>
      <Icon name="refresh" size={16} />
      {t('retry')}
    </Button>
  );
}
