import { useEffect, useRef } from 'react';
import { activeTab, backFromChat, MAIN_TABS } from '../ui-state/main-tabs';
import { isMobile } from '../ui-state/viewport';
import { choiceCount, clearContacts } from './selection';

/**
 * After the profile or the news loads, the contact list is cleared.
 * Once per visit of the screen, when its data first arrives (a background refresh does not count),
 * and only what was chosen before the screen opened. Coming back from a conversation to the
 * contacts is not a visit of the news: on a phone the news then loads hidden behind the contacts
 * the person asked to return to, and they stay; nor is a phone showing its chat tab, whose news
 * loads hidden behind the contacts (late, on a slow server, or after a reload that brought the
 * chosen discipline back from the address).
 */
export function useClearContactsOnLoad(loaded: boolean): void {
  // A choice the person made while the data was on its way is theirs, not a leftover: it stays.
  const choicesAtOpen = useRef(choiceCount());
  const returningToContacts = useRef(backFromChat.peek());
  useEffect(() => {
    const behindTheChat = isMobile.peek() && activeTab.peek() === MAIN_TABS.chat;
    if (
      loaded &&
      !returningToContacts.current &&
      !behindTheChat &&
      choiceCount() === choicesAtOpen.current
    )
      clearContacts();
  }, [loaded]);
}
