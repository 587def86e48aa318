import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { THEME_COLORS, usePageTitle, useThemeColor } from '../../../lib/page-chrome';
import { isMobile } from '../../../lib/ui-state';
import { LOGO_DEFAULTS, useLogo } from '../api/get-logo';
import type { LoginErrorKey } from '../utils/login-error';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';
import { UniversityLogo } from './university-logo';
import { useLoginForm } from './use-login-form';

/** What the login route's loader hands over: why a stored session did not carry the user in. */
export interface LoginLoaderData {
  notice: LoginErrorKey | null;
}

export function LoginPage() {
  useSignals();
  const { t } = useTranslation(['session', 'common']);
  const navigate = useNavigate();
  const loaderData = useLoaderData() as LoginLoaderData | undefined;
  const form = useLoginForm({
    initialError: loaderData?.notice ?? null,
    onSignedIn: () => void navigate('/lms', { replace: true }),
  });
  const logo = useLogo();

  usePageTitle(t('pageTitle'));
  useThemeColor(THEME_COLORS.entry);

  const universityName = logo.data?.name || t('common:portalName');
  const brand = (
    <>
      <div className={styles.logoBox}>
        {logo.isPending ? (
          <div className={styles.logoPlaceholder} aria-hidden="true" />
        ) : (
          <UniversityLogo
            src={logo.data?.logo}
            widthPercent={logo.data?.width ?? LOGO_DEFAULTS.width}
          />
        )}
      </div>
      <p
        className={styles.university}
        style={{ fontSize: `${logo.data?.fontsize ?? LOGO_DEFAULTS.fontsize}px` }}
      >
        {universityName}
      </p>
    </>
  );
  const heading = (
    <>
      <h1 className={styles.heading}>{t('heading')}</h1>
      <p className={styles.subheading}>{t('subheading')}</p>
    </>
  );

  if (isMobile.value) {
    return (
      <main className={styles.mobilePage} data-layout="mobile">
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
    <main className={styles.page} data-layout="desktop">
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
