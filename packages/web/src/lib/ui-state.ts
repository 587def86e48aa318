import {
  changeLanguage,
  currentLanguage,
  i18n,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from '@lms/i18n';
import { effect, signal } from '@preact/signals-react';
import { useEffect } from 'react';
import { readStorage, writeStorage } from './storage';

/**
 * The "misc" UI state of the product spec (section 3) lives in signals; server state does not.
 * Components read these with `useSignals()` from `@preact/signals-react/runtime`.
 */

/** Section 9: the layout is mobile under 899.92 px; resizes are debounced by 200 ms. */
export const MOBILE_BREAKPOINT_PX = 899.92;
export const RESIZE_DEBOUNCE_MS = 200;

/** Main-screen tabs on mobile: 1 news, 2 chat, 3 apps; 3 is the default (section 9). */
export const MAIN_TABS = { news: 1, chat: 2, apps: 3 } as const;
export type MainTab = (typeof MAIN_TABS)[keyof typeof MAIN_TABS];
export const DEFAULT_MAIN_TAB: MainTab = MAIN_TABS.apps;

export type Theme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'theme';
/** Section 9: dark is the default mode. */
export const DEFAULT_THEME: Theme = 'dark';

function measureIsMobile(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;
}

function storedTheme(): Theme {
  return readStorage(THEME_STORAGE_KEY) === 'light' ? 'light' : DEFAULT_THEME;
}

export const isMobile = signal<boolean>(measureIsMobile());
export const activeTab = signal<MainTab>(DEFAULT_MAIN_TAB);
export const backFromChat = signal<boolean>(false);
export const theme = signal<Theme>(storedTheme());
export const language = signal<Language>(currentLanguage());

// i18next owns detection and persistence; the signal follows it, whoever changed the language.
i18n.on('languageChanged', () => {
  language.value = currentLanguage();
});

export function selectMainTab(tab: MainTab): void {
  activeTab.value = tab;
  // Choosing a tab is a fresh decision; it ends the "returned from a chat" state.
  backFromChat.value = false;
}

export function toggleTheme(): void {
  theme.value = theme.value === 'dark' ? 'light' : 'dark';
}

export async function selectLanguage(next: Language): Promise<void> {
  await changeLanguage(next);
}

/** Puts the current theme on <html> at once (before the first paint, from main.tsx). */
export function applyTheme(): void {
  document.documentElement.dataset.theme = theme.value;
}

/** Writes the theme to <html data-theme> and local storage whenever it changes. */
export function startThemeSync(): () => void {
  return effect(() => {
    const current = theme.value;
    document.documentElement.dataset.theme = current;
    writeStorage(THEME_STORAGE_KEY, current);
  });
}

/** Keeps `isMobile` in step with the window, debounced so a drag-resize re-renders once. */
export function startViewportTracking(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      isMobile.value = measureIsMobile();
    }, RESIZE_DEBOUNCE_MS);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}

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

/**
 * Logout clears all local storage (section 4); the device's theme and language are preferences,
 * not session data, so they are written back.
 */
export function persistPreferences(): void {
  writeStorage(THEME_STORAGE_KEY, theme.value);
  writeStorage(LANGUAGE_STORAGE_KEY, language.value);
}

/** Re-reads every signal from its source (tests start each case from a clean page). */
export function resetUiState(): void {
  isMobile.value = measureIsMobile();
  activeTab.value = DEFAULT_MAIN_TAB;
  backFromChat.value = false;
  theme.value = storedTheme();
  language.value = currentLanguage();
}

/** The chat sends the user back to the main screen's chat tab this way (URL hash `#messages`). */
export const MESSAGES_HASH = '#messages';

export function returnFromChat(): void {
  backFromChat.value = true;
}

export type MobilePanel = 'news' | 'chat' | 'apps';

/**
 * Section 2: on mobile the main screen shows one panel, chosen by the active tab (1 news, 2 chat,
 * 3 apps), except that coming back from a chat to `#messages` shows the chat panel again.
 */
export function resolveMobilePanel(state: {
  activeTab: MainTab;
  backFromChat: boolean;
  hash: string;
}): MobilePanel {
  if (state.backFromChat && state.hash === MESSAGES_HASH) return 'chat';
  if (state.activeTab === MAIN_TABS.news) return 'news';
  if (state.activeTab === MAIN_TABS.chat) return 'chat';
  return 'apps';
}
