import type { components } from '@lms/client';
import { GROUP_CHAT_ID } from '../../../lib/academic-context/selection';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import type { ShellUser } from '../../../lib/session/shell-session';
import { groupChatQuery } from '../../../lib/unread-count/unread-count-keys';

export type ChatQuery = components['schemas']['ChatQuery'];
export type ChatMessage = components['schemas']['ChatMessage'];
export type GroupChatAddress = Omit<
  components['schemas']['ChatGroupMessagesRequest'],
  'id_lastMessage' | 'id_topMessage'
>;

/**
 * One conversation: a private one between the reader and a contact (the chat query fields), or
 * the group chat of the active group or stream (the group chat fields).
 * `query` addresses the conversation for read-all in both cases.
 */
export type Conversation =
  | { kind: 'private'; key: string; query: ChatQuery; title: string }
  | {
      kind: 'group';
      key: string;
      query: ChatQuery;
      group: GroupChatAddress;
      title: string;
    };

/**
 * The group chat of the active group or stream, addressed as a chat query (id_to -1 with gr_potok
 * and IsSelect): what the unread counts of the chosen discipline are asked with. Null while the
 * chain has not reached a group.
 */
export function groupChatQueryOf(
  user: Pick<ShellUser, 'id' | 'role'>,
  academic: Pick<AcademicContext, 'discipline' | 'group' | 'year' | 'ws'>,
): ChatQuery | null {
  const { discipline, group, year, ws } = academic;
  if (!discipline || !group || year === null || ws === null) return null;
  return groupChatQuery(user, year, ws, discipline, group);
}

/** The open conversation of the academic context, or null while the chain has not reached one. */
export function conversationOf(user: ShellUser, academic: AcademicContext): Conversation | null {
  const { contact, discipline, group, year, ws } = academic;
  if (!contact || !discipline || !group || year === null || ws === null) return null;
  const query: ChatQuery = {
    year,
    id_from_type: user.role,
    id_from: user.id,
    id_to_type: contact.id_type,
    id_to: contact.idid,
    id_discipline: discipline.id_discipline,
    ws,
    kredit: discipline.kredits,
  };
  if (contact.idid === GROUP_CHAT_ID) {
    const address: GroupChatAddress = {
      id_HumanFrom: user.id,
      id_humanTypeFrom: user.role,
      gr_potok: group.id_group,
      IsSelect: group.isPotok ?? false,
    };
    return {
      kind: 'group',
      key: `group:${address.gr_potok}:${address.IsSelect ? 's' : 'g'}:${user.id}`,
      query: { ...query, gr_potok: address.gr_potok, IsSelect: address.IsSelect },
      group: address,
      title: contact.fio,
    };
  }
  return {
    kind: 'private',
    key: `private:${year}:${ws}:${discipline.id_discipline}:${user.role}.${user.id}:${contact.id_type}.${contact.idid}`,
    query,
    title: contact.fio,
  };
}

/**
 * The name a conversation is shown with: the group chat's own name, the contact's name as chosen,
 * or (a contact restored by id, before its name is known) its name in the contact list once that
 * has arrived; null while it is not known.
 */
export function conversationTitle(
  conversation: Conversation,
  contacts: readonly { idid: number; fio: string }[] | undefined,
  groupChatName: string,
): string | null {
  if (conversation.kind === 'group') return groupChatName;
  if (conversation.title.trim()) return conversation.title;
  const listed = contacts?.find((contact) => contact.idid === conversation.query.id_to)?.fio;
  return listed?.trim() ? listed : null;
}
