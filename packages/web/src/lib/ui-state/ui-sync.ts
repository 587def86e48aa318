import { sessionReconnecting } from '../session/session-status';
import { currentLanguage } from '@lms/i18n';
import { useEffect } from 'react';
import { resetAcademicSelection } from '../academic-context/selection';
import { language } from './language';
import { activeTab, backFromChat, DEFAULT_MAIN_TAB } from './main-tabs';
import { startThemeSync, storedTheme, theme } from './theme';
import { isMobile, measureIsMobile, startViewportTracking } from './viewport';

/** Runs the theme and viewport synchronisation while the app is mounted. */
export function useUiStateSync(): void {
  useEffect(() => {
    const stopTheme = startThemeSync();
    const stopViewport = startViewportTracking();
    return () => {
      stopTheme();
      stopViewport();
    };
  }, []);
}

/** Re-reads every UI signal from its source (tests start each case from a clean page). */
export function resetUiState(): void {
  isMobile.value = measureIsMobile();
  activeTab.value = DEFAULT_MAIN_TAB;
  backFromChat.value = false;
  theme.value = storedTheme();
  language.value = currentLanguage();
  resetAcademicSelection();
  sessionReconnecting.value = false;
}
