/** Product spec, section 9: ru is the default and the fallback; kg is Kyrgyz. */
export const SUPPORTED_LANGUAGES = ['ru', 'kg', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/** The language is kept in the cookie `lang` (about 360 days) and in local storage under `lang`. */
export const LANGUAGE_STORAGE_KEY = 'lang';
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_DAYS = 360;

/**
 * The switch's labels are each language's own short name (Кыр / Рус / Eng, section 2), so they are
 * the same in every interface language and are not translated.
 */
export const LANGUAGE_AUTONYMS: Record<Language, string> = { kg: 'Кыр', ru: 'Рус', en: 'Eng' };

/** The order of the switch in the profile menu. */
export const LANGUAGE_SWITCH_ORDER: readonly Language[] = ['kg', 'ru', 'en'];

/** `kg` is the portal's code; the BCP 47 tag for Kyrgyz (for `lang` attributes) is `ky`. */
export function toHtmlLang(language: string): string {
  return language === 'kg' ? 'ky' : language;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}
