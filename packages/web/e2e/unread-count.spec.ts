import { expect, profileMenu, test } from './fixtures';
import { appBadgeCalls, readEverything, recordAppBadge, unreadTotal, writes } from './unread';

// The person's unread messages from the first screen on: after a reload on the schedule, without
// the chat ever opened, the page title starts with the count and the installed portal's icon
// shows it, for a student and a teacher, on a phone and a laptop; signing out clears both.

// ---- The journeys ----

const readers = [
  ['student', 'teacher'],
  ['teacher', 'student'],
] as const;
const screens = [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a laptop', viewport: { width: 1440, height: 900 } },
] as const;

for (const [reader, writer] of readers) {
  for (const { name, viewport } of screens) {
    test.describe(`a ${reader} on ${name}`, () => {
      test.use({ signedInAs: reader, viewport });

      test('sees three unread messages in the title and on the app icon after a reload on the schedule, and not after signing out', async ({
        page,
        request,
      }) => {
        expect(await unreadTotal(request, reader)).toBeGreaterThan(0);
        await readEverything(request, reader);
        expect(await unreadTotal(request, reader)).toBe(0);
        await writes(request, writer, reader, 3);
        expect(await unreadTotal(request, reader)).toBe(3);

        await recordAppBadge(page);
        await page.goto('/lms/schedule');
        await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
        await expect(page).toHaveTitle(/^\(3\) Расписание · /);
        await expect.poll(() => appBadgeCalls(page)).toContain(3);
        expect((await appBadgeCalls(page)).at(-1)).toBe(3);

        await profileMenu(page).click();
        await page
          .getByRole('menuitem', { name: 'Выйти' })
          .or(page.getByRole('button', { name: 'Выйти', exact: true }))
          .click();
        await expect(page).toHaveURL(/\/lms\/login$/);
        await expect(page).toHaveTitle(/^Вход · /);
        expect((await appBadgeCalls(page)).at(-1)).toBeNull();
      });
    });
  }
}
