import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { Panel } from '../../components/ui/panel';
import { QueryFailed } from '../../components/ui/query-state';
import { useUnreadCounts } from '../../features/chat/api/get-unread-counts';
import { groupChatQueryOf } from '../../features/chat/utils/conversation';
import { groupUnreadOf } from '../../features/chat/utils/unread-counts';
import { useSessionUser } from '../../features/session/api/use-session-user';
import { GROUP_CHAT_ID, type ChatPartner } from '../../lib/academic-context/selection';
import type { AcademicContext } from '../../lib/academic-context/use-academic-context';
import { useContacts } from '../../lib/reference-data/contacts';
import { isPortalUser, isTeacher, ROLE_STUDENT, ROLE_TEACHER } from '../../lib/session/roles';
import { matchesSearch } from '../../lib/format/search-text';
import styles from './side-panels.module.css';

export interface ContactPanelProps {
  academic: AcademicContext;
}

/**
 * The contact column: the group chat pseudo-contact, then the discipline's students
 * (for a teacher) or teachers (for a student) with their unread counts, searchable by name.
 * Opening one shows the conversation at /lms/chat. The group chat's count comes from the chat's
 * unread counts of the discipline, which also go into the person's unread count (the page title
 * and the app badge).
 */
export function ContactPanel({ academic }: ContactPanelProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const searchId = useId();
  const groupUnreadId = useId();
  const [search, setSearch] = useState('');
  const contacts = useContacts(academic.contacts);
  const session = useSessionUser();
  const user = isPortalUser(session.data) ? session.data : null;
  const unread = useUnreadCounts(user && groupChatQueryOf(user, academic), { poll: true });
  const groupUnread = unread.data ? groupUnreadOf(unread.data) : 0;
  const open = (partner: ChatPartner) => {
    academic.choose.contact(partner);
    // The choice is in the address already (one history entry); elsewhere the chat opens with it.
    if (pathname !== '/lms/chat')
      void navigate({ pathname: '/lms/chat', search: window.location.search });
  };

  let body;
  if (!academic.contacts) {
    body = <EmptyState icon="contacts" text={t('panels.contacts.empty')} />;
  } else if (contacts.isError) {
    body = (
      <QueryFailed text={t('panels.contacts.failed')} onRetry={() => void contacts.refetch()} />
    );
  } else if (contacts.isPending) {
    body = <Loading />;
  } else {
    const groupChat: ChatPartner = {
      idid: GROUP_CHAT_ID,
      id_type: ROLE_STUDENT,
      fio: t('panels.contacts.groupChat'),
    };
    const shown = contacts.data.filter((contact) => matchesSearch(contact.fio, search));
    const current = academic.contact;
    // A contact without id_type is of the other role: a teacher's students, a student's teachers.
    const otherSide = academic.root && isTeacher(academic.root) ? ROLE_STUDENT : ROLE_TEACHER;
    body = (
      <>
        <label htmlFor={searchId} className="visually-hidden">
          {t('panels.contacts.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={t('panels.contacts.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <ul className={styles.list}>
          <li className={styles.groupChat}>
            <button
              type="button"
              className={styles.item}
              aria-current={current?.idid === GROUP_CHAT_ID}
              aria-describedby={groupUnread > 0 ? groupUnreadId : undefined}
              onClick={() => open(groupChat)}
            >
              <span className={styles.itemText}>{groupChat.fio}</span>
              {/* The group chat keeps its name; its count is the button's description. */}
              {groupUnread > 0 ? (
                <>
                  <span className={styles.badge} aria-hidden="true">
                    {groupUnread}
                  </span>
                  <span id={groupUnreadId} hidden>
                    {t('panels.contacts.unread', { count: groupUnread })}
                  </span>
                </>
              ) : null}
            </button>
          </li>
          {shown.map((contact) => (
            <li key={`${contact.id_type ?? 0}-${contact.idid}`}>
              <button
                type="button"
                className={styles.item}
                aria-current={current?.idid === contact.idid}
                onClick={() =>
                  open({
                    idid: contact.idid,
                    id_type: contact.id_type ?? otherSide,
                    fio: contact.fio,
                  })
                }
              >
                <span className={styles.itemText}>{contact.fio}</span>
                {contact.countMessages > 0 ? (
                  <span
                    className={styles.badge}
                    aria-label={t('panels.contacts.unread', { count: contact.countMessages })}
                  >
                    {contact.countMessages}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {contacts.data.length === 0 ? (
          <p className={styles.note}>{t('panels.contacts.none')}</p>
        ) : shown.length === 0 ? (
          <p className={styles.note}>{t('panels.contacts.notFound')}</p>
        ) : null}
      </>
    );
  }
  return (
    <Panel title={t('panels.contacts.title')} icon="contacts">
      {body}
    </Panel>
  );
}
