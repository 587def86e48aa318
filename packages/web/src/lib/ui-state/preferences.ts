import { LANGUAGE_STORAGE_KEY } from '@lms/i18n';
import { language } from './language';
import { writeStorage } from '../offline/storage';
import { theme, THEME_STORAGE_KEY } from './theme';

/**
 * Logout clears all local storage; the device's theme and language are preferences,
 * not session data, so they are written back.
 */
export function persistPreferences(): void {
  writeStorage(THEME_STORAGE_KEY, theme.value);
  writeStorage(LANGUAGE_STORAGE_KEY, language.value);
}
