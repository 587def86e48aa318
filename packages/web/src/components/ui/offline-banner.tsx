import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/offline/online-status';
import { Icon } from './icon';
import styles from './status.module.css';

// The same DD.MM.YYYY and H:mm as @lms/i18n/dates, by the browser's Intl: the banner is on every
// page from the first one, where dayjs would cost more than the rest of it. Made on first use:
// the first Intl formatter of a page loads its locale data, which the start of every page (the
// module's evaluation) would otherwise pay for a line that shows only offline.
let formats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;

/** The values of common's `syncedAt` for a moment (ms). */
export function syncedAtValues(at: number): { date: string; time: string } {
  formats ??= {
    date: new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' }),
    time: new Intl.DateTimeFormat('ru-RU', { hour: 'numeric', minute: '2-digit' }),
  };
  return { date: formats.date.format(at), time: formats.time.format(at) };
}

/** One view showing kept data while a banner speaks for it: when its data was last synced. */
interface KeptView {
  /** ms; 0 when the view does not say. */
  updatedAt: number;
}

/** The views on the page showing kept data while the network or the server is away. */
const keptViews = signal<readonly KeptView[]>([]);

/**
 * A view showing kept data hands its notice to the banner while `active` (offline, or the session
 * reconnecting): one situation, one notice for the whole page however many lists it holds.
 */
export function useKeptDataNotice(active: boolean, updatedAt: number | undefined): void {
  useEffect(() => {
    if (!active) return;
    const view: KeptView = { updatedAt: updatedAt ?? 0 };
    keptViews.value = [...keptViews.value, view];
    return () => {
      keptViews.value = keptViews.value.filter((item) => item !== view);
    };
  }, [active, updatedAt]);
}

/**
 * What the banner adds for the kept data on the page: that it is shown (unless the banner says so
 * itself), and the oldest last sync among the views (what is least fresh on screen). Empty while
 * no view shows kept data; the line is always in the page, so screen readers announce what appears
 * in it.
 */
function KeptDataLine({ sayShown }: { sayShown: boolean }) {
  useSignals();
  const { t } = useTranslation('common');
  const views = keptViews.value;
  const times = views.map((view) => view.updatedAt).filter((at) => at > 0);
  const oldest = times.length > 0 ? Math.min(...times) : 0;
  return (
    <p role="status" className={styles.bannerKept}>
      {sayShown && views.length > 0 ? <>{t('stale.offline')} </> : null}
      {oldest > 0 ? (
        <span className={styles.bannerSynced}>{t('syncedAt', syncedAtValues(oldest))}</span>
      ) : null}
    </p>
  );
}

/**
 * A banner 'Нет сети !!!' appears while the browser is offline. It sits at the top of
 * the page, in the flow, so it moves the header down instead of covering it, and it says for every
 * list on the page that saved data is shown.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div className={styles.banner}>
      <p role="alert" className={styles.bannerTitle}>
        <Icon name="offline" size={18} />
        {t('offlineBanner')}
      </p>
      <KeptDataLine sayShown />
    </div>
  );
}

/**
 * The portal runs on the stored session while the server cannot confirm it: the page stays as it
 * is and says it is reconnecting (the shell tries again by itself). Offline, the offline banner
 * says it already.
 */
export function ReconnectingBanner() {
  const online = useOnlineStatus();
  const { t } = useTranslation();
  if (!online) return null;
  return (
    <div className={styles.banner}>
      <p role="status" className={styles.bannerTitle}>
        <Icon name="refresh" size={18} />
        {t('reconnecting')}
      </p>
      <KeptDataLine sayShown={false} />
    </div>
  );
}
