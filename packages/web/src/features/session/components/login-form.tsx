import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PasswordToggle } from '../../../components/ui/password-toggle';
// Before the feature's own styles, which refine it.
import field from '../../../components/ui/text-field.module.css';
import { PASSWORD_MIN_LENGTH } from '../utils/validate-login';
import styles from './login-form.module.css';
import type { LoginFormState } from './use-login-form';

export interface LoginFormProps {
  form: LoginFormState;
}

export function LoginForm({ form }: LoginFormProps) {
  const { t } = useTranslation('session');
  const id = useId();
  const { values, fieldErrors, error, errorValues, pending, passwordVisible } = form;
  const loginErrorId = `${id}-login-error`;
  const passwordErrorId = `${id}-password-error`;
  const dismissHintId = `${id}-dismiss`;

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate>
      {error ? (
        <div role="alert">
          <button
            type="button"
            className={styles.error}
            onClick={form.dismissError}
            aria-describedby={dismissHintId}
          >
            <Icon name="alert" size={18} className={styles.errorIcon} />
            <span className={styles.errorText}>{t(`errors.${error}`, errorValues)}</span>
            <Icon name="close" size={16} className={styles.errorClose} />
            <span id={dismissHintId} className="visually-hidden">
              {t('dismissHint')}
            </span>
          </button>
        </div>
      ) : null}

      <div className={field.field}>
        <label className={field.label} htmlFor={`${id}-login`}>
          {t('login')}
        </label>
        <input
          id={`${id}-login`}
          className={`${field.input} ${styles.input}`}
          name="login"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.login}
          onChange={(event) => form.setValue('login', event.target.value)}
          aria-invalid={fieldErrors.login ? true : undefined}
          aria-describedby={fieldErrors.login ? loginErrorId : undefined}
        />
        {fieldErrors.login ? (
          <p id={loginErrorId} className={field.fieldError}>
            {t(`errors.${fieldErrors.login}`)}
          </p>
        ) : null}
      </div>

      <div className={field.field}>
        <label className={field.label} htmlFor={`${id}-password`}>
          {t('password')}
        </label>
        <div className={field.control}>
          <input
            id={`${id}-password`}
            className={`${field.input} ${field.withToggle} ${styles.input}`}
            name="password"
            type={passwordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={values.password}
            onChange={(event) => form.setValue('password', event.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? passwordErrorId : undefined}
          />
          <PasswordToggle
            visible={passwordVisible}
            onToggle={form.togglePassword}
            controls={`${id}-password`}
            showLabel={t('showPassword')}
            hideLabel={t('hidePassword')}
          />
        </div>
        {fieldErrors.password ? (
          <p id={passwordErrorId} className={field.fieldError}>
            {t(`errors.${fieldErrors.password}`, { min: PASSWORD_MIN_LENGTH })}
          </p>
        ) : null}
      </div>

      <Button type="submit" block className={styles.submit} disabled={pending}>
        {pending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
