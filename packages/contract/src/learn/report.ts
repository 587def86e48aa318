// The learner's report in words, for a person: what the recordings held, each contradiction with
// its operation, field, what the contract says and what came (one redacted example), the
// confirmed and unseen assumptions, and the calls the contract does not know. It shows only what
// learn.ts put in the report, which holds no secret and no person's name.
import type { ContradictionReport, LearnReport, UnitReport } from './learn.js';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

function where(c: ContradictionReport | { side: string; status?: number }) {
  return c.side === 'request' ? 'request' : `answer ${c.status ?? ''}`.trim();
}

function contradictionLine(c: ContradictionReport): string {
  const head = `${c.operationId} (${c.method} ${c.path}) ${where(c)}, ${c.field}`;
  const seen = c.seen.join(' or ');
  const what = c.renamedTo
    ? `the contract requires ${c.field.split('/').pop()}; it never came, ${c.renamedTo} came instead (renamed?)`
    : `the contract says ${c.contract}; seen ${seen}`;
  const example = c.example ? `; example ${c.example}` : '';
  return `    ${head}: ${what}${example} — ${plural(c.exchanges, 'exchange')}, ${plural(c.sessions, 'session')}`;
}

function unitBlock(unit: UnitReport): string[] {
  return [`  ${unit.unit}`, ...unit.contradictions.map(contradictionLine)];
}

/** Names wrapped at 100 columns, indented. */
function wrapped(names: string[], indent = '  '): string[] {
  const lines: string[] = [];
  let line = indent;
  for (const name of names) {
    const piece = line.trim() === '' ? name : `, ${name}`;
    if (line.length + piece.length > 100 && line.trim() !== '') {
      lines.push(`${line},`);
      line = indent + name;
    } else {
      line += piece;
    }
  }
  if (line.trim() !== '') lines.push(line);
  return lines;
}

export function formatLearnReport(report: LearnReport): string {
  const n = report.exchanges;
  const out: string[] = [];
  out.push(
    `Recorded traffic: ${report.recordings
      .map((r) => `${r.file} (${r.creator}, ${plural(r.entries, 'entry', 'entries')})`)
      .join(', ')}`,
  );
  const ignored = [
    n.static && `${n.static} static files`,
    n.other && `${n.other} other calls`,
    n.preflight && `${n.preflight} preflights`,
    n.redirects && plural(n.redirects, 'redirect'),
    n.notModified && `${n.notModified} not modified (304)`,
    n.cached && `${n.cached} from the browser's cache`,
    n.failed && `${n.failed} without an answer`,
    n.mockFaults && `${n.mockFaults} asked to fail on purpose`,
    n.mockControls && `${n.mockControls} mock server controls`,
  ].filter(Boolean);
  out.push(
    `${plural(n.total, 'exchange')}: ${n.judged} judged against the contract` +
      (n.withoutBody ? ` (${n.withoutBody} answers without a kept body)` : '') +
      (n.unknown ? `, ${n.unknown} calls it does not know` : '') +
      (ignored.length ? `; not judged: ${ignored.join(', ')}` : '') +
      `. ${plural(report.sessions, 'session')} (told apart by their token cookie).`,
  );

  const contradicted = report.assumptions.filter((u) => u.verdict === 'contradicted');
  const confirmed = report.assumptions.filter((u) => u.verdict === 'confirmed');
  const unseen = report.assumptions.filter((u) => u.verdict === 'unseen');

  out.push('', `Contradicted assumptions (${contradicted.length})`);
  if (contradicted.length === 0) out.push('  none');
  for (const unit of contradicted) out.push(...unitBlock(unit));

  out.push('', `Contradicts a confirmed shape (${report.confirmedShapes.length})`);
  if (report.confirmedShapes.length === 0) out.push('  none');
  for (const unit of report.confirmedShapes) out.push(...unitBlock(unit));

  out.push('', `Calls the contract does not know (${report.unknownCalls.length})`);
  if (report.unknownCalls.length === 0) out.push('  none');
  for (const call of report.unknownCalls) {
    out.push(`  ${call.method} ${call.path} ×${call.count}`);
  }

  out.push('', `Confirmed assumptions (${confirmed.length})`);
  if (confirmed.length === 0) out.push('  none');
  for (const unit of confirmed) {
    out.push(
      `  ${unit.unit}: ${plural(unit.exchanges, 'exchange')}, ${plural(unit.sessions, 'session')} (${unit.operations.join(', ')})`,
    );
  }

  if (report.optionalNeverSent.length > 0) {
    out.push('', `Optional fields the traffic never carried (${report.optionalNeverSent.length})`);
    for (const note of report.optionalNeverSent) {
      out.push(
        `  ${note.operationId} ${where(note)}, ${note.field}: absent in ${plural(note.exchanges, 'exchange')}`,
      );
    }
  }
  if (report.undeclaredFields.length > 0) {
    out.push('', `Fields the contract does not declare (${report.undeclaredFields.length})`);
    for (const note of report.undeclaredFields) {
      out.push(
        `  ${note.operationId} ${where(note)}, ${note.field}: in ${plural(note.exchanges, 'exchange')}`,
      );
    }
  }

  out.push('', `Unseen assumptions (${unseen.length})`);
  out.push(...(unseen.length ? wrapped(unseen.map((u) => u.unit)) : ['  none']));

  const s = report.summary;
  out.push(
    '',
    `${s.contradicted + s.contradictsConfirmed === 0 && s.unknownCalls === 0 ? 'NO CONTRADICTION' : 'CONTRADICTED'}: ` +
      `${s.confirmed} assumptions confirmed, ${s.contradicted} contradicted, ${s.unseen} unseen; ` +
      `${plural(s.contradictsConfirmed, 'confirmed shape')} contradicted; ${plural(s.unknownCalls, 'unknown call')}.`,
  );
  return out.join('\n');
}
