import { changeLanguage, currentLanguage, i18n, type Language } from '@lms/i18n';
import { signal } from '@preact/signals-react';

/** The interface language as a signal; i18next owns detection and persistence. */
export const language = signal<Language>(currentLanguage());

// The signal follows i18next, whoever changed the language.
i18n.on('languageChanged', () => {
  language.value = currentLanguage();
});

export async function selectLanguage(next: Language): Promise<void> {
  await changeLanguage(next);
}
