import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '../../../components/ui/action-icons';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { copyText, selectContents } from '../utils/clipboard';
import styles from './payment-code.module.css';

/** How long "copied" stays next to the button. */
export const COPIED_NOTICE_MS = 4000;

export interface CopyCodeButtonProps {
  text: string;
  /** The element showing the code; selected for a manual copy when the clipboard refuses. */
  codeRef: RefObject<HTMLElement | null>;
}

type CopyState = 'idle' | 'copied' | 'manual';

export function CopyCodeButton({ text, codeRef }: CopyCodeButtonProps) {
  const { t } = useTranslation('payment-code');
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    clearTimeout(timer.current);
    const element = codeRef.current;
    if (await copyText(text, element)) {
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_NOTICE_MS);
      return;
    }
    // No clipboard (an http page, a refused permission): leave the code selected for Ctrl+C.
    if (element) selectContents(element);
    setState('manual');
  };

  return (
    <div className={styles.copyRow}>
      <Button onClick={() => void onCopy()}>
        <ActionIcon name="copy" size={18} />
        {t('code.copy')}
      </Button>
      {/* Always in the page, so screen readers announce the text that appears in it. */}
      <p role="status" className={state === 'manual' ? styles.copyManual : styles.copyDone}>
        {state === 'copied' ? (
          <>
            <Icon name="check" size={18} />
            {t('code.copied')}
          </>
        ) : null}
        {state === 'manual' ? t('code.copyFailed') : null}
      </p>
    </div>
  );
}
