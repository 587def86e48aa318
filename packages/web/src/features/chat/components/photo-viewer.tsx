import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Icon } from '../../../components/ui/icon';
import styles from './chat.module.css';

export interface PhotoViewerProps {
  photo: { name: string; url: string };
  onClose: () => void;
}

/** A photo opened large, over the conversation; Escape or the backdrop closes it. */
export function PhotoViewer({ photo, onClose }: PhotoViewerProps) {
  const { t } = useTranslation('chat');
  return (
    <ModalDialog className={styles.viewer} aria-label={photo.name} onDismiss={onClose}>
      <img className={styles.viewerImage} src={photo.url} alt={photo.name} />
      <div className={styles.viewerBar}>
        <a href={photo.url} download={photo.name}>
          {t('photo.download')}
        </a>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('photo.close')}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
    </ModalDialog>
  );
}
