import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { learnFromRecordings } from '@lms/contract/learn';
import type { Browser, Page } from '@playwright/test';
import { expect, logIn, test, type DemoLogin } from './fixtures';

// The portal's own traffic against the mock server, recorded by Chromium as a HAR file
// (Playwright's recordHar, bodies embedded), teaches the contract nothing it contradicts: the
// traffic learner (pnpm contract:learn) finds no contradiction and no call the contract does not
// know, and confirms assumptions from the screens walked.

/** The screens a person of each role walks, each waited for until its calls have settled. */
const WALKS: Record<'teacher' | 'student', string[]> = {
  teacher: ['/lms', '/lms/journal', '/lms/umk', '/lms/profile'],
  student: ['/lms', '/lms/schedule', '/lms/paymentcode', '/lms/singlewindow', '/lms/apps'],
};

async function walk(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
}

/** A new browser context recording its HAR; closed (and so written) after `who` walked. */
async function recordWalk(browser: Browser, baseURL: string, who: DemoLogin, har: string) {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    recordHar: { path: har, content: 'embed' },
  });
  const page = await context.newPage();
  await logIn(page, who);
  await walk(page, WALKS[who as 'teacher' | 'student']);
  await context.close();
}

test('the portal’s recorded traffic as teacher and student contradicts no assumption of the contract', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const folder = await mkdtemp(join(tmpdir(), 'lms-recorded-'));
  try {
    const recordings = [join(folder, 'teacher.har'), join(folder, 'student.har')];
    await recordWalk(browser, baseURL!, 'teacher', recordings[0]!);
    await recordWalk(browser, baseURL!, 'student', recordings[1]!);

    const { report } = await learnFromRecordings(recordings);
    const contradictions = [...report.assumptions, ...report.confirmedShapes].flatMap(
      (unit) => unit.contradictions,
    );
    expect(contradictions).toEqual([]);
    expect(report.unknownCalls).toEqual([]);
    expect(report.sessions).toBe(2);
    expect(report.exchanges.judged).toBeGreaterThan(20);
    expect(report.exchanges.static).toBeGreaterThan(0);
    // each role's screens confirm assumptions of their own
    const confirmed = report.assumptions.filter((unit) => unit.verdict === 'confirmed');
    const units = confirmed.map((unit) => unit.unit);
    expect(units).toEqual(expect.arrayContaining(['operation getConfig', 'schema Config']));
    expect(units.some((unit) => /visitlog|VisitLog|umk|Umk/.test(unit))).toBe(true);
    expect(units.some((unit) => /schedule|Schedule|singlewindow|SingleWindow/.test(unit))).toBe(
      true,
    );
    expect(confirmed.length).toBeGreaterThan(10);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
