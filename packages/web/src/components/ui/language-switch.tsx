import { LANGUAGE_AUTONYMS, LANGUAGE_SWITCH_ORDER, toLocaleTag } from '@lms/i18n';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { language, selectLanguage } from '../../lib/language';
import { cx } from '../../lib/class-names';
import styles from './language-switch.module.css';

export interface LanguageSwitchProps {
  className?: string;
}

/** Кыр / Рус / Eng: each label in its own language, the current one pressed. */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  useSignals();
  const { t } = useTranslation();
  const current = language.value;
  return (
    <div role="group" aria-label={t('language')} className={cx(styles.group, className)}>
      {LANGUAGE_SWITCH_ORDER.map((option) => (
        <button
          key={option}
          type="button"
          className={styles.option}
          lang={toLocaleTag(option)}
          title={t(`languageNames.${option}`)}
          aria-pressed={current === option}
          onClick={() => void selectLanguage(option)}
        >
          {LANGUAGE_AUTONYMS[option]}
        </button>
      ))}
    </div>
  );
}
