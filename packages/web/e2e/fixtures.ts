import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const demo = {
  teacher: { login: 'teacher', password: 'Teacher1' },
  teacher2: { login: 'teacher2', password: 'Teacher2' },
  student: { login: 'student', password: 'Student1' },
  student2: { login: 'student2', password: 'Student2' },
  student3: { login: 'student3', password: 'Student3' },
} as const;
export type DemoLogin = keyof typeof demo;

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectAccessible(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n');
  expect(serious, `axe violations ${context}\n${report}`).toEqual([]);
}

/** Switches the theme from the profile menu, as a person would. */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) === theme) return;
  const menu = page.getByRole('button', { name: /Меню профиля/ });
  await menu.click();
  await page.getByRole('switch', { name: 'Тёмная тема' }).click();
  await expect(html).toHaveAttribute('data-theme', theme);
  await menu.click();
  await settled(page);
}

/**
 * Waits for the page's CSS transitions and animations to end (colours fade between themes):
 * axe judges the colours on screen, and a half-faded button is neither theme's.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
}

/**
 * Drops the data the portal keeps on the device for offline use (lib/offline-cache.ts), so the
 * next load shows what the server answers now: a journey about a screen's own loading, empty and
 * failed states starts from nothing kept. (The database goes once this page's connection closes,
 * i.e. on the reload or navigation that follows.)
 */
export async function forgetKeptData(page: Page): Promise<void> {
  await page.evaluate(() => void indexedDB.deleteDatabase('lms-offline'));
}

export async function logIn(page: Page, who: DemoLogin): Promise<void> {
  await page.goto('/lms/login');
  await page
    .getByLabel(/логин|login|username|колдонуучу/i)
    .first()
    .fill(demo[who].login);
  await page
    .getByLabel(/пароль|password|сырсөз/i)
    .first()
    .fill(demo[who].password);
  await page.getByRole('button', { name: /войти|log in|sign in|кирүү/i }).click();
  await page.waitForURL(/\/lms\/?$/);
}

/** Every journey starts from the seeded world and a clean browser. */
export const test = base.extend<{ resetWorld: void }>({
  resetWorld: [
    async ({ request }, use) => {
      const res = await request.post('/__mock/reset', { data: {} });
      expect(res.ok()).toBe(true);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
