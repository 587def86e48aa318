import { useEffect, useRef } from 'react';
import { choiceCount, clearContacts } from './selection';

/**
 * After the profile or the news loads, the contact list is cleared.
 * Once per visit of the screen, when its data first arrives (a background refresh does not count),
 * and only what was chosen before the screen opened.
 */
export function useClearContactsOnLoad(loaded: boolean): void {
  // A choice the person made while the data was on its way is theirs, not a leftover: it stays.
  const choicesAtOpen = useRef(choiceCount());
  useEffect(() => {
    if (loaded && choiceCount() === choicesAtOpen.current) clearContacts();
  }, [loaded]);
}
