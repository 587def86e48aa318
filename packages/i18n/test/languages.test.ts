import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedLanguages, storeLanguage } from '../src/languages';

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  localStorage.clear();
});

describe('stored language', () => {
  it('reads the lang cookie first, then local storage', () => {
    expect(storedLanguages()).toEqual([]);
    localStorage.setItem('lang', 'en');
    expect(storedLanguages()).toEqual(['en']);
    document.cookie = 'lang=kg; path=/';
    expect(storedLanguages()).toEqual(['kg', 'en']);
  });

  it('writes the cookie for about 360 days on the whole site, and local storage', () => {
    const writes: string[] = [];
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => native?.get?.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        native?.set?.call(document, value);
      },
    });
    try {
      storeLanguage('kg');
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(writes).toEqual([`lang=kg; max-age=${360 * 24 * 60 * 60}; path=/; samesite=lax`]);
    expect(document.cookie).toContain('lang=kg');
    expect(localStorage.getItem('lang')).toBe('kg');
  });
});

describe('initial language', () => {
  afterEach(() => {
    vi.resetModules();
  });

  async function freshLanguage(): Promise<string> {
    vi.resetModules();
    const { currentLanguage, initI18n } = await import('../src/index');
    await initI18n();
    return currentLanguage();
  }

  it('is Russian with nothing stored, and the choice is then stored', async () => {
    expect(await freshLanguage()).toBe('ru');
    expect(document.cookie).toContain('lang=ru');
    expect(localStorage.getItem('lang')).toBe('ru');
  });

  it('follows the cookie before local storage', async () => {
    document.cookie = 'lang=kg; path=/';
    localStorage.setItem('lang', 'en');
    expect(await freshLanguage()).toBe('kg');
  });

  it('falls back to local storage when the cookie holds no supported language', async () => {
    document.cookie = 'lang=fr; path=/';
    localStorage.setItem('lang', 'en');
    expect(await freshLanguage()).toBe('en');
    expect(document.cookie).toContain('lang=en');
  });
});
