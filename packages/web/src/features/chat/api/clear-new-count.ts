import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiClient } from '../../../lib/query/api-client';
import {
  getContactsQueryOptions,
  type ChatContact,
  type ContactsParams,
} from '../../../lib/reference-data/contacts';
import type { Conversation } from '../utils/conversation';

/**
 * Fetching a contact's messages marks that contact's new messages as cleared, so its
 * badge in the contact column goes at once (the next refresh of the list confirms it).
 */
export function useClearNewCount(
  contacts: ContactsParams | null,
  conversation: Conversation,
  loaded: boolean,
): void {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const contactId = conversation.query.id_to;
  useEffect(() => {
    if (!loaded || !contacts) return;
    const { queryKey } = getContactsQueryOptions(client, contacts);
    queryClient.setQueryData<ChatContact[]>(queryKey, (list) =>
      // Unchanged when there is nothing to clear, so no observer is woken for nothing.
      list?.some((contact) => contact.idid === contactId && contact.countMessages > 0)
        ? list.map((contact) =>
            contact.idid === contactId ? { ...contact, countMessages: 0 } : contact,
          )
        : list,
    );
  }, [loaded, contacts, contactId, client, queryClient]);
}
