import type { PortalUser } from '../../../lib/roles';
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { THEME_COLORS, usePageTitle, useThemeColor } from '../../../lib/page-chrome';
import { isMobile } from '../../../lib/viewport';
import { LOGO_DEFAULTS, type LogoInfo } from '../api/get-logo';
import type { LoginErrorKey } from '../utils/login-error';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';
import { UniversityLogo } from './university-logo';
import { useLoginForm } from './use-login-form';

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
   * The user is about to sign in (a field got focus, or the form was sent): what comes after a
   * login may start loading, before the password is checked rather than after.
   */
  onPrepare?: () => void;
}

interface BrandProps {
  logo: LogoInfo | undefined;
  pending?: boolean;
}

function Brand({ logo, pending = false }: BrandProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <div className={styles.logoBox}>
        {pending ? (
          <div className={styles.logoPlaceholder} aria-hidden="true" />
        ) : (
          <UniversityLogo src={logo?.logo} widthPercent={logo?.width ?? LOGO_DEFAULTS.width} />
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

function LoadedBrand({ logo }: { logo: Promise<LogoInfo | undefined> }) {
  return <Brand logo={use(logo)} />;
}

export function LoginPage({ notice = null, logo, onSignedIn, onPrepare }: LoginPageProps) {
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

  const brand = logo ? (
    <Suspense fallback={<Brand logo={undefined} pending />}>
      <LoadedBrand logo={logo} />
    </Suspense>
  ) : (
    <Brand logo={undefined} />
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
      <main className={styles.mobilePage} data-layout="mobile" onFocusCapture={onPrepare}>
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
    <main className={styles.page} data-layout="desktop" onFocusCapture={onPrepare}>
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
