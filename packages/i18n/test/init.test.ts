import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, i18n, initI18n } from '../src/index';

function cookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

describe('initI18n', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('defaults to Russian with no stored choice', () => {
    expect(currentLanguage()).toBe('ru');
    expect(i18n.t('loading')).toBe('Загрузка...');
    expect(i18n.t('session:errors.invalidCredentials')).toBe(
      'Неверное имя пользователя или пароль',
    );
  });

  it('persists a switch in the lang cookie and local storage and marks the page language', async () => {
    await changeLanguage('kg');
    expect(cookie('lang')).toBe('kg');
    expect(localStorage.getItem('lang')).toBe('kg');
    expect(document.documentElement.lang).toBe('ky');
    expect(i18n.t('shell:nav.news')).toBe('Жаңылыктар');

    await changeLanguage('en');
    expect(i18n.t('offlineBanner')).toBe('No network!!!');
    expect(document.documentElement.lang).toBe('en');
    await changeLanguage('ru');
  });

  it('interpolates values', () => {
    expect(i18n.t('session:errors.passwordTooShort', { min: 3 })).toBe(
      'Пароль должен содержать не менее 3 символов',
    );
  });
});
