import { useEffect } from 'react';
import { clearContacts } from './selection';

/**
 * Section 4, contact lists: after the profile or the news loads, the contact list is cleared.
 * Once per visit of the screen, when its data first arrives (a background refresh does not count).
 */
export function useClearContactsOnLoad(loaded: boolean): void {
  useEffect(() => {
    if (loaded) clearContacts();
  }, [loaded]);
}
