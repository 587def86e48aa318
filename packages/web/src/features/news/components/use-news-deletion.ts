import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureDetail } from '../../../components/ui/failure-message';
import { useDeleteNews } from '../api/delete-news';
import type { NewsItem } from '../api/get-news';
import type { NewsReader } from '../api/news-keys';

/**
 * Deleting a news item after a confirmation: the item asked about, the deletion and its failure,
 * and what is announced once it is done. Cancelled, the focus goes back to the button that asked;
 * deleted, that button is gone with its item and the list (`listRef`) takes the focus.
 */
export function useNewsDeletion(reader: NewsReader, listRef: RefObject<HTMLElement | null>) {
  const { t } = useTranslation('news');
  const deletion = useDeleteNews();
  const failureDetail = useFailureDetail();
  const [confirming, setConfirming] = useState<NewsItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const focusAfterDialog = useRef<HTMLElement | null>(null);

  // Nothing outside a modal dialog takes the focus while it is open, so it moves once it has closed.
  useEffect(() => {
    if (confirming) return;
    focusAfterDialog.current?.focus();
    focusAfterDialog.current = null;
  }, [confirming]);

  const ask = (item: NewsItem, opener: HTMLButtonElement) => {
    deletion.reset();
    openerRef.current = opener;
    setAnnouncement('');
    setConfirming(item);
  };
  const cancel = () => {
    focusAfterDialog.current = openerRef.current;
    setConfirming(null);
  };
  const confirm = () => {
    if (!confirming) return;
    deletion.mutate(
      { id: confirming.id_eventMessage, role: reader.role, message: confirming.message },
      {
        onSuccess: () => {
          focusAfterDialog.current = listRef.current;
          setConfirming(null);
          setAnnouncement(t('delete.done'));
        },
      },
    );
  };
  const error = deletion.isError
    ? {
        title: t('delete.failed'),
        detail: failureDetail(deletion.error, { notFound: t('errors.notFound') }),
        error: deletion.error,
      }
    : null;

  return { confirming, announcement, pending: deletion.isPending, error, ask, cancel, confirm };
}
