import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Panel } from '../../../components/ui/panel';
import {
  NEW_PASSWORD_MIN_LENGTH,
  type PasswordChangeField,
} from '../utils/validate-password-change';
import styles from './password-change-panel.module.css';
import { PasswordField } from './password-field';
import { usePasswordChangeForm } from './use-password-change-form';

const AUTOCOMPLETE: Record<PasswordChangeField, 'current-password' | 'new-password'> = {
  oldPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** The password change of the signed-in account: old password, new one, and its confirmation. */
export function PasswordChangePanel() {
  const { t } = useTranslation('password');
  const introId = useId();
  const form = usePasswordChangeForm();
  const { values, fieldErrors, failure, succeeded, pending } = form;
  const min = NEW_PASSWORD_MIN_LENGTH;

  const field = (name: PasswordChangeField) => {
    const error = fieldErrors[name];
    return (
      <PasswordField
        name={name}
        label={t(name)}
        value={values[name]}
        onChange={(value) => form.setValue(name, value)}
        autoComplete={AUTOCOMPLETE[name]}
        showLabel={t(`show.${name}`)}
        hideLabel={t(`hide.${name}`)}
        hint={name === 'newPassword' ? t('newPasswordHint', { min }) : undefined}
        minLength={name === 'oldPassword' ? undefined : min}
        error={error ? t(`errors.${error}`, { min }) : undefined}
      />
    );
  };

  return (
    <Panel title={t('title')} icon="lock" className={styles.panel}>
      <form className={styles.form} onSubmit={form.submit} noValidate aria-describedby={introId}>
        <p id={introId} className={styles.intro}>
          {t('intro')}
        </p>
        {field('oldPassword')}
        {field('newPassword')}
        {field('confirmPassword')}

        {failure ? (
          <div className={styles.failure} role="alert">
            <Icon name="alert" size={20} className={styles.noticeIcon} />
            <div className={styles.noticeBody}>
              <p className={styles.noticeTitle}>{t('failed')}</p>
              <p>{failure.kind === 'server' ? failure.message : t(`errors.${failure.key}`)}</p>
            </div>
          </div>
        ) : null}
        {/* Always present, so screen readers announce the success when it appears. */}
        <div aria-live="polite" aria-atomic="true">
          {succeeded ? (
            <p className={styles.success}>
              <Icon name="check" size={20} className={styles.noticeIcon} />
              {t('success')}
            </p>
          ) : null}
        </div>

        <Button type="submit" className={styles.submit} disabled={pending}>
          <Icon name="lock" size={18} />
          {pending ? t('submitting') : t('submit')}
        </Button>
      </form>
    </Panel>
  );
}
