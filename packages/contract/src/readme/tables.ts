// The README's tables are made from the registries they describe (the checker's checks, the
// differ's kinds of change), never written by hand: a check or a kind added to its registry shows
// in the README once `pnpm --filter @lms/contract readme` runs, and a test fails until it has.
import { format, resolveConfig } from 'prettier';
import { CHECK_REGISTRY } from '../check/registry.js';
import { CHANGE_KINDS, type Verdict } from '../diff/change-kinds.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const breaks = (verdict: Verdict | null) => (verdict === null ? '—' : verdict);

/** Each generated part of a README, by the name its markers carry. */
export const GENERATED: Readonly<Record<string, () => string>> = {
  checks: () =>
    table(
      ['check', 'passes when'],
      CHECK_REGISTRY.map((check) => [`\`${check.name}\``, check.meaning]),
    ),
  'change-kinds': () =>
    table(
      ['kind', 'in a request breaks', 'in an answer breaks', 'meaning'],
      CHANGE_KINDS.map((row) => [
        `\`${row.kind}\``,
        breaks(row.request),
        breaks(row.answer),
        row.meaning,
      ]),
    ),
};

const MARKERS = /(<!-- generated:([\w-]+) -->)[\s\S]*?(<!-- \/generated:\2 -->)/g;

/**
 * The Markdown with every generated part filled from its registry, formatted as `pnpm lint`'s
 * Prettier wants it (so a generated README passes `prettier --check`). A marker naming no part is
 * an error, not a silent gap.
 */
export async function fillGenerated(markdown: string, filepath: string): Promise<string> {
  const filled = markdown.replace(MARKERS, (_whole, open: string, name: string, close: string) => {
    const make = GENERATED[name];
    if (!make) throw new Error(`${filepath}: no generated part named "${name}"`);
    return `${open}\n\n${make()}\n\n${close}`;
  });
  const options = await resolveConfig(filepath);
  return format(filled, { ...options, parser: 'markdown', filepath });
}
