import type { PortalUser } from '../../../lib/session/roles';
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, use, useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { THEME_COLORS, usePageTitle, useThemeColor } from '../../../lib/ui-state/page-chrome';
import { isMobile } from '../../../lib/ui-state/viewport';
import { LOGO_DEFAULTS, type LogoInfo } from '../api/get-logo';
import { takeBootLogin, type BootFocus } from '../utils/boot-login';
import type { LoginErrorKey } from '../utils/login-error';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';
import { UniversityLogo } from './university-logo';
import { useLoginForm, type LoginFormState } from './use-login-form';

/**
 * What the login route hands over: why a stored session did not carry the user in, and the logo
 * request it started (the screen does not wait for it).
 */
export interface LoginScreenData {
  notice?: LoginErrorKey | null;
  logo?: Promise<LogoInfo | undefined>;
}

export interface LoginPageProps extends LoginScreenData {
  /** Where a signed-in user goes (the portal, by default straight to /lms). */
  onSignedIn?: (user: PortalUser) => void;
  /**
   * The user is signing in (the form was sent): what comes after a login starts loading (or, once
   * fetched while the person typed, running) while the password is checked rather than after.
   */
  onPrepare?: () => void;
  /**
   * The page is whole: the university's logo, its largest picture, has arrived (or could not). What
   * the page fetches ahead then no longer delays it.
   */
  onShown?: () => void;
}

interface BrandProps {
  logo: LogoInfo | undefined;
  pending?: boolean;
  onShown?: () => void;
}

function Brand({ logo, pending = false, onShown }: BrandProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <div className={styles.logoBox}>
        {pending ? (
          <div className={styles.logoPlaceholder} aria-hidden="true" />
        ) : (
          <UniversityLogo
            src={logo?.logo}
            widthPercent={logo?.width ?? LOGO_DEFAULTS.width}
            onSettled={onShown}
          />
        )}
      </div>
      <p
        className={styles.university}
        style={{ fontSize: `${logo?.fontsize ?? LOGO_DEFAULTS.fontsize}px` }}
      >
        {logo?.name || t('portalName')}
      </p>
    </>
  );
}

function LoadedBrand({
  logo,
  onShown,
}: {
  logo: Promise<LogoInfo | undefined>;
  onShown?: () => void;
}) {
  return <Brand logo={use(logo)} onShown={onShown} />;
}

/**
 * The boot screen's form (index.html, typed into before the scripts arrived) is taken over in the
 * commit that shows this page, before it is painted: its values, its toggle and a press of
 * 'Войти' (see boot-login.ts); then, once the values are in these fields, the focus and the caret
 * go where they were, so typing goes on in the same place.
 */
function useBootLoginTakeover(page: RefObject<HTMLElement | null>, form: LoginFormState) {
  const focus = useRef<(BootFocus & { value: string }) | null>(null);
  useLayoutEffect(() => {
    const boot = takeBootLogin();
    if (!boot) return;
    // A press of 'Войти' decides the focus itself (the first wrong field, if any).
    focus.current =
      boot.focus && !boot.sent ? { ...boot.focus, value: boot.values[boot.focus.field] } : null;
    form.adopt(boot, page.current?.querySelector('form') ?? null);
    // Once, as the page opens: the form's state is the page's, so it is the same form throughout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    const wanted = focus.current;
    if (!wanted) return;
    const input = page.current?.querySelector<HTMLInputElement>(`input[name="${wanted.field}"]`);
    if (!input || input.value !== wanted.value) return;
    focus.current = null;
    input.focus({ preventScroll: true });
    if (wanted.selectionStart !== null && wanted.selectionEnd !== null) {
      input.setSelectionRange(
        wanted.selectionStart,
        wanted.selectionEnd,
        wanted.selectionDirection ?? undefined,
      );
    }
  });
}

export function LoginPage({ notice = null, logo, onSignedIn, onPrepare, onShown }: LoginPageProps) {
  useSignals();
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const form = useLoginForm({
    initialError: notice,
    onSignedIn: onSignedIn ?? (() => void navigate('/lms', { replace: true })),
    onSubmitting: onPrepare,
  });

  usePageTitle(t('pageTitle'));
  useThemeColor(THEME_COLORS.entry);
  const page = useRef<HTMLElement>(null);
  useBootLoginTakeover(page, form);

  const brand = logo ? (
    <Suspense fallback={<Brand logo={undefined} pending />}>
      <LoadedBrand logo={logo} onShown={onShown} />
    </Suspense>
  ) : (
    <Brand logo={undefined} onShown={onShown} />
  );
  const heading = (
    <>
      <h1 className={styles.heading} tabIndex={-1}>
        {t('heading')}
      </h1>
      <p className={styles.subheading}>{t('subheading')}</p>
    </>
  );

  if (isMobile.value) {
    return (
      <main ref={page} className={styles.mobilePage} data-layout="mobile">
        <div className={styles.mobileBrand}>
          <div className={styles.mobileTopBar}>
            <LanguageSwitch />
          </div>
          {brand}
        </div>
        <div className={styles.mobileSheet}>
          {heading}
          <LoginForm form={form} />
        </div>
      </main>
    );
  }

  return (
    <main ref={page} className={styles.page} data-layout="desktop">
      <div className={styles.topBar}>
        <LanguageSwitch />
      </div>
      <div className={styles.card}>
        <div className={styles.brand}>{brand}</div>
        <div className={styles.formSide}>
          {heading}
          <LoginForm form={form} />
        </div>
      </div>
    </main>
  );
}
