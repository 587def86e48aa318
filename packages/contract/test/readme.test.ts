import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHECK_REGISTRY } from '../src/check/registry.js';
import { CHANGE_KINDS } from '../src/diff/change-kinds.js';
import { README_FILES } from '../src/readme/files.js';
import { fillGenerated } from '../src/readme/tables.js';

/** A table row whose first cell names `name` (Prettier pads the cells). */
const row = (name: string) => new RegExp(`^\\| \`${name}\` +\\|`, 'm');

// The READMEs' tables come from the registries: a check or a kind of change added without
// `pnpm --filter @lms/contract readme` leaves a README that this test refuses.
describe('the generated README tables', () => {
  it.each(README_FILES)('%s is up to date with the registries', async (path) => {
    const text = await readFile(path, 'utf8');
    expect(text).toMatch(/<!-- generated:checks -->/);
    expect(await fillGenerated(text, path)).toBe(text);
  });

  it('lists every check and every kind of change in the package README', async () => {
    const text = await readFile(README_FILES[1]!, 'utf8');
    for (const check of CHECK_REGISTRY) expect(text).toMatch(row(check.name));
    for (const { kind } of CHANGE_KINDS) expect(text).toMatch(row(kind));
  });

  it('fills a part from its registry and refuses a marker that names none', async () => {
    const stale = '# x\n\n<!-- generated:checks -->\n| old |\n<!-- /generated:checks -->\n';
    const filled = await fillGenerated(stale, 'README.md');
    expect(filled).not.toContain('| old |');
    expect(filled).toMatch(row(CHECK_REGISTRY[0]!.name));
    await expect(
      fillGenerated('<!-- generated:nothing -->\nx\n<!-- /generated:nothing -->\n', 'README.md'),
    ).rejects.toThrow(/no generated part named "nothing"/);
  });
});
