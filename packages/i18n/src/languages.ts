import { readCookie } from '@lms/client/cookies';

/** ru is the default and the fallback; kg is the portal's code for Kyrgyz. */
export const SUPPORTED_LANGUAGES = ['ru', 'kg', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/** The language is kept in the cookie `lang` (about 360 days) and in local storage under `lang`. */
export const LANGUAGE_STORAGE_KEY = 'lang';
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_DAYS = 360;

/**
 * The switch's labels are each language's own short name (Кыр / Рус / Eng), so they are
 * the same in every interface language and are not translated.
 */
export const LANGUAGE_AUTONYMS: Record<Language, string> = { kg: 'Кыр', ru: 'Рус', en: 'Eng' };

/** The order of the switch in the profile menu. */
export const LANGUAGE_SWITCH_ORDER: readonly Language[] = ['kg', 'ru', 'en'];

/**
 * A language's BCP 47 tag, for `Intl` (plural rules, numbers, dates) and `lang` attributes: the
 * portal keeps `kg` (cookie, storage, i18next's resources), but `kg` is Kongo's tag; Kyrgyz is `ky`.
 */
export function toLocaleTag(language: string): string {
  return language === 'kg' ? 'ky' : language;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function readLocalStorage(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined;
  } catch {
    // Storage may be disabled (private mode); the cookie still carries the choice.
    return undefined;
  }
}

/**
 * The stored choices, the `lang` cookie first and then local storage; the first supported one
 * wins, and with none the default applies (the browser's own language is not consulted).
 */
export function storedLanguages(): string[] {
  return [readCookie(LANGUAGE_COOKIE), readLocalStorage(LANGUAGE_STORAGE_KEY)].filter(
    (value): value is string => Boolean(value),
  );
}

/** Keeps a choice in the `lang` cookie (about 360 days, whole site) and in local storage. */
export function storeLanguage(language: Language): void {
  if (typeof document !== 'undefined') {
    const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 60 * 60;
    document.cookie = `${LANGUAGE_COOKIE}=${language}; max-age=${maxAge}; path=/; samesite=lax`;
  }
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // As above: the cookie alone is enough.
  }
}
