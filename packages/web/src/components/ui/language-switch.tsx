import { LANGUAGE_AUTONYMS, LANGUAGE_SWITCH_ORDER, toLocaleTag, type Language } from '@lms/i18n';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/format/class-names';
import { language, selectLanguage } from '../../lib/ui-state/language';
import { Icon } from './icon';
import styles from './language-switch.module.css';
import surface from './surface.module.css';
import { useMenuButton } from './use-menu-button';

/** What an option does once chosen, beyond switching the language. */
type OnChosen = (option: Language) => void;

export interface LanguageOptionsProps {
  className?: string;
}

/**
 * Кыр / Рус / Eng as items of the menu around them (the profile menu): a group of radio items,
 * each label in its own language, the current one checked. The menu stays open, now in the
 * language chosen.
 */
export function LanguageOptions({ className }: LanguageOptionsProps) {
  useSignals();
  const { t } = useTranslation();
  const current = language.value;
  return (
    <div role="group" aria-label={t('language')} className={cx(styles.group, className)}>
      {LANGUAGE_SWITCH_ORDER.map((option) => (
        <button
          key={option}
          type="button"
          role="menuitemradio"
          tabIndex={-1}
          aria-checked={current === option}
          className={styles.option}
          lang={toLocaleTag(option)}
          title={t(`languageNames.${option}`)}
          onClick={() => void selectLanguage(option)}
        >
          {LANGUAGE_AUTONYMS[option]}
        </button>
      ))}
    </div>
  );
}

function MenuOption({ option, onChosen }: { option: Language; onChosen: OnChosen }) {
  useSignals();
  const { t } = useTranslation();
  const checked = language.value === option;
  return (
    <button
      type="button"
      role="menuitemradio"
      tabIndex={-1}
      aria-checked={checked}
      className={cx(surface.menuItem, styles.menuOption)}
      lang={toLocaleTag(option)}
      title={t(`languageNames.${option}`)}
      onClick={() => {
        void selectLanguage(option);
        onChosen(option);
      }}
    >
      <Icon name="check" size={18} className={styles.check} />
      {LANGUAGE_AUTONYMS[option]}
    </button>
  );
}

export interface LanguageSwitchProps {
  className?: string;
}

/**
 * The language where there is no profile menu (the login page): a menu button naming the current
 * language (its globe and 'Рус'), whose menu offers Кыр / Рус / Eng, each in its own language.
 * Choosing one closes the menu and gives the focus back to the button.
 */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  useSignals();
  const { t } = useTranslation();
  const menu = useMenuButton();
  const current = language.value;
  return (
    <div {...menu.rootProps} className={cx(styles.root, className)}>
      <button
        type="button"
        {...menu.triggerProps}
        className={styles.trigger}
        aria-label={`${t('language')}: ${LANGUAGE_AUTONYMS[current]}`}
      >
        <Icon name="globe" size={18} />
        <span lang={toLocaleTag(current)}>{LANGUAGE_AUTONYMS[current]}</span>
        <Icon name="chevronDown" size={16} className={styles.chevron} />
      </button>
      <div {...menu.menuProps} className={cx(surface.card, styles.popup)} hidden={!menu.open}>
        {LANGUAGE_SWITCH_ORDER.map((option) => (
          <MenuOption
            key={option}
            option={option}
            onChosen={() => menu.close({ returnFocus: true })}
          />
        ))}
      </div>
    </div>
  );
}
