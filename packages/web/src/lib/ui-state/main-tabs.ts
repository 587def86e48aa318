import { signal } from '@preact/signals-react';

/** Main-screen tabs on mobile: 1 news, 2 chat, 3 apps; 3 is the default. */
export const MAIN_TABS = { news: 1, chat: 2, apps: 3 } as const;
export type MainTab = (typeof MAIN_TABS)[keyof typeof MAIN_TABS];
export const DEFAULT_MAIN_TAB: MainTab = MAIN_TABS.apps;

export const activeTab = signal<MainTab>(DEFAULT_MAIN_TAB);
export const backFromChat = signal<boolean>(false);

export function selectMainTab(tab: MainTab): void {
  activeTab.value = tab;
  // Choosing a tab is a fresh decision; it ends the "returned from a chat" state.
  backFromChat.value = false;
}

/** A tab named by the navigation that opens the main screen (the tab bar's, the news links'). */
export interface MainTabState {
  mainTab?: MainTab;
}

/** What a link to the news carries: on a phone the main screen opens on its news tab. */
export const OPEN_NEWS: MainTabState = { mainTab: MAIN_TABS.news };

/** The chat sends the user back to the main screen's chat tab this way (URL hash `#messages`). */
export const MESSAGES_HASH = '#messages';

export function returnFromChat(): void {
  backFromChat.value = true;
}

export type MobilePanel = 'news' | 'chat' | 'apps';

/** The main screen is /lms (with or without a trailing slash). */
export function isMainPath(pathname: string): boolean {
  return pathname === '/lms' || pathname === '/lms/';
}

/**
 * A window narrowed into the phone layout keeps showing what the person was reading: on the main
 * screen that is the news (the default apps tab is for a phone's first look, not for a laptop
 * being docked or a tablet rotating under a half-typed news item).
 */
export function enterPhoneLayout(pathname: string): void {
  if (isMainPath(pathname)) selectMainTab(MAIN_TABS.news);
}

/**
 * On mobile the main screen shows one panel, chosen by the active tab (1 news, 2 chat,
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
