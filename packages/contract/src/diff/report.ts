// The report: changes joined with the portal screens that call their operations, one row per
// distinct change (the same change in several operations, e.g. from a shared schema, is one row
// naming them all), breaking rows first; as a text table or as JSON.
import type { CallSite, Section } from './call-sites.js';
import type { ChangeKind } from './change-kinds.js';
import { impactOf, type Change, type Impact, type OperationRef } from './change.js';

interface Screens {
  /** Sections (key and route) whose feature folders call the operations. */
  sections: Section[];
  /** Call sites outside a feature folder, or reached by no section: named by their file. */
  files: { file: string; sections: Section[] }[];
  /** The call sites are those of the base revision's portal (the working tree has none). */
  fromBase: boolean;
}

export interface Row {
  impact: Impact;
  kind: ChangeKind;
  operations: OperationRef[];
  place: string;
  field: string;
  change: string;
  screens: Screens;
}

/** Who calls an operation: the working tree's call sites, or the base revision's if none. */
export type CallLookup = (operation: OperationRef) => { sites: CallSite[]; fromBase: boolean };

const IMPACT_ORDER: Impact[] = ['both', 'portal', 'backend', 'compatible'];

function screensOf(found: { sites: CallSite[]; fromBase: boolean }[]): Screens {
  const sections = new Map<string, Section>();
  const files = new Map<string, Map<string, Section>>();
  for (const { sites } of found) {
    for (const site of sites) {
      if (site.feature && site.sections.length) {
        for (const section of site.sections) sections.set(section.key, section);
      } else {
        const reached = files.get(site.file) ?? new Map<string, Section>();
        for (const section of site.sections) reached.set(section.key, section);
        files.set(site.file, reached);
      }
    }
  }
  return {
    sections: [...sections.values()].sort((a, b) => a.route.localeCompare(b.route)),
    files: [...files]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, reached]) => ({
        file,
        sections: [...reached.values()].sort((a, b) => a.route.localeCompare(b.route)),
      })),
    fromBase: found.some((f) => f.fromBase && f.sites.length > 0),
  };
}

/** Rows from the changes: equal changes of several operations joined, breaking ones first. */
export function buildRows(changes: Change[], lookup: CallLookup): Row[] {
  const groups = new Map<string, { first: Change; operations: Map<string, OperationRef> }>();
  for (const change of changes) {
    const key = [impactOf(change), change.kind, change.place, change.field, change.change].join(
      '\0',
    );
    const group = groups.get(key) ?? { first: change, operations: new Map() };
    group.operations.set(`${change.operation.method} ${change.operation.path}`, change.operation);
    groups.set(key, group);
  }
  const rows = [...groups.values()].map(({ first, operations }): Row => {
    const ops = [...operations.values()];
    return {
      impact: impactOf(first),
      kind: first.kind,
      operations: ops,
      place: first.place,
      field: first.field,
      change: first.change,
      screens: screensOf(ops.map(lookup)),
    };
  });
  // Stable: within an impact, rows keep the differ's order (operation by operation).
  return rows.sort((a, b) => IMPACT_ORDER.indexOf(a.impact) - IMPACT_ORDER.indexOf(b.impact));
}

export interface Summary {
  total: number;
  both: number;
  portal: number;
  backend: number;
  compatible: number;
}

export function summarise(rows: Row[]): Summary {
  const count = (impact: Impact) => rows.filter((row) => row.impact === impact).length;
  return {
    total: rows.length,
    both: count('both'),
    portal: count('portal'),
    backend: count('backend'),
    compatible: count('compatible'),
  };
}

const IMPACT_LABEL: Record<Impact, string> = {
  both: 'breaks both',
  portal: 'breaks portal',
  backend: 'breaks backend',
  compatible: 'compatible',
};

/** Words wrapped to `width`; a word longer than that is cut. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

const MAX_OPERATIONS_SHOWN = 6;

function operationLines(operations: OperationRef[]): string[] {
  const [only] = operations;
  if (operations.length === 1 && only) return [only.operationId, `${only.method} ${only.path}`];
  const shown = operations.slice(0, MAX_OPERATIONS_SHOWN).map((op) => op.operationId);
  const more = operations.length - shown.length;
  return [`${operations.length} operations:`, ...shown, ...(more > 0 ? [`and ${more} more`] : [])];
}

function screenLines(screens: Screens, baseRef: string): string[] {
  const lines: string[] = [];
  if (screens.sections.length) lines.push(screens.sections.map((s) => s.route).join(', '));
  for (const { file, sections } of screens.files) {
    lines.push(sections.length ? `${file} (${sections.map((s) => s.route).join(', ')})` : file);
  }
  if (lines.length === 0) return ['no call site in the portal'];
  if (screens.fromBase) lines.push(`(calls at ${baseRef})`);
  return lines;
}

const COLUMNS = [
  { title: 'impact', width: 14 },
  { title: 'operation', width: 40 },
  { title: 'place', width: 30 },
  { title: 'change', width: 46 },
  { title: 'portal screens', width: 46 },
];

/** The rows as a text table, cells wrapped; one line per row start, continued below it. */
function formatTable(rows: Row[], baseRef: string): string {
  const cells = rows.map((row) => [
    [IMPACT_LABEL[row.impact]],
    operationLines(row.operations).flatMap((line) => wrap(line, COLUMNS[1]!.width)),
    [row.place, ...(row.field ? [row.field] : [])].flatMap((line) => wrap(line, COLUMNS[2]!.width)),
    wrap(row.change, COLUMNS[3]!.width),
    screenLines(row.screens, baseRef).flatMap((line) => wrap(line, COLUMNS[4]!.width)),
  ]);
  // Columns only as wide as their widest line.
  const widths = COLUMNS.map((column, i) =>
    Math.max(column.title.length, ...cells.flatMap((row) => row[i]!.map((line) => line.length))),
  );
  const render = (parts: string[]) =>
    parts
      .map((part, i) => (i === parts.length - 1 ? part : part.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [
    render(COLUMNS.map((column) => column.title)),
    render(widths.map((w) => '-'.repeat(w))),
  ];
  for (const row of cells) {
    const height = Math.max(...row.map((cell) => cell.length));
    for (let i = 0; i < height; i++) out.push(render(row.map((cell) => cell[i] ?? '')));
  }
  return out.join('\n');
}

export interface Report {
  base: { ref: string; commit: string };
  target: 'working tree';
  summary: Summary;
  rows: Row[];
}

/** The whole printed report: heading, table (or the no-change line) and what the words mean. */
export function formatReport(report: Report): string {
  const { commit } = report.base;
  // A revision given as a full commit id (as CI does) is shown by its short form.
  const ref = report.base.ref === commit ? commit.slice(0, 10) : report.base.ref;
  const base = ref === commit.slice(0, 10) ? ref : `${ref} (${commit.slice(0, 10)})`;
  const s = report.summary;
  if (s.total === 0) return `Contract diff ${base} → working tree: no changes.`;
  return [
    `Contract diff ${base} → working tree: ${s.total} ${s.total === 1 ? 'change' : 'changes'} ` +
      `(${s.both} break both, ${s.portal} break the portal, ${s.backend} break the backend, ` +
      `${s.compatible} compatible)`,
    '',
    formatTable(report.rows, ref),
    '',
    `breaks portal: a portal built on ${ref}'s contract fails against a backend built on the working tree's.`,
    `breaks backend: a backend built on ${ref}'s contract fails against a portal built on the working tree's.`,
  ].join('\n');
}
