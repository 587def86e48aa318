import { useEffect, useRef } from 'react';
import { backFromChat } from '../ui-state/main-tabs';
import { choiceCount, clearContacts } from './selection';

/**
 * After the profile or the news loads, the contact list is cleared.
 * Once per visit of the screen, when its data first arrives (a background refresh does not count),
 * and only what was chosen before the screen opened. Coming back from a conversation to the
 * contacts is not a visit of the news: on a phone the news then loads hidden behind the contacts
 * the person asked to return to, and they stay.
 */
export function useClearContactsOnLoad(loaded: boolean): void {
  // A choice the person made while the data was on its way is theirs, not a leftover: it stays.
  const choicesAtOpen = useRef(choiceCount());
  const returningToContacts = useRef(backFromChat.peek());
  useEffect(() => {
    if (loaded && !returningToContacts.current && choiceCount() === choicesAtOpen.current)
      clearContacts();
  }, [loaded]);
}
