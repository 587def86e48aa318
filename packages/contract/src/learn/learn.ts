// What recorded traffic says about the contract's assumptions: each exchange matched to its
// operation and judged (judge.ts), then, for every assumption, how many exchanges and sessions
// confirmed it, where the traffic contradicted it, or that nothing exercised it; the same for
// shapes the contract does not mark assumed but the traffic contradicts; and the calls the
// contract does not know. Sessions are told apart by their token cookie, which is hashed at once.
import { assumptionUnits, isAssumedUnit, type UnitName } from '../assumed-units.js';
import { findOperation, type Operation } from '../contract.js';
import { isMockFault, isStatic, looksLikeApi, sessionOf } from './classify.js';
import { readRecording, type Exchange, type Recording } from './har.js';
import { judgeExchange, type Finding, type Judgement, type Side } from './judge.js';
import { gatherSecrets } from './gather.js';
import { isNameLike, showPath, showPointer, type Secrets } from './masking.js';

export interface ContradictionReport {
  unit: string;
  operationId: string;
  method: string;
  path: string;
  side: Side;
  status?: number;
  /** The field, as a JSON pointer into the body ('/data/*\/name'), or '/' for the whole. */
  field: string;
  keyword: string;
  contract: string;
  seen: string[];
  /** One example, redacted to its type and shape. */
  example: string;
  exchanges: number;
  sessions: number;
  /** A required field missing where another, undeclared one came instead. */
  renamedTo?: string;
}

export type Verdict = 'confirmed' | 'contradicted' | 'unseen';

export interface UnitReport {
  unit: string;
  verdict: Verdict;
  /** Exchanges that exercised it without contradicting it. */
  exchanges: number;
  sessions: number;
  operations: string[];
  contradictions: ContradictionReport[];
}

export interface FieldNote {
  operationId: string;
  side: Side;
  status?: number;
  field: string;
  exchanges: number;
}

export interface LearnReport {
  recordings: { file: string; creator: string; entries: number }[];
  exchanges: Record<ExchangeCount, number>;
  sessions: number;
  /** Every assumption of the contract, in the checker's order. */
  assumptions: UnitReport[];
  /** Shapes the contract does not mark assumed that the traffic contradicts. */
  confirmedShapes: UnitReport[];
  /** Optional fields of answers (or requests) the traffic never carried. */
  optionalNeverSent: FieldNote[];
  /** Fields the traffic carried that the contract does not declare (renames aside). */
  undeclaredFields: FieldNote[];
  unknownCalls: { method: string; path: string; count: number }[];
  summary: {
    confirmed: number;
    contradicted: number;
    unseen: number;
    contradictsConfirmed: number;
    unknownCalls: number;
  };
}

type ExchangeCount =
  | 'total'
  | 'judged'
  | 'static'
  | 'other'
  | 'unknown'
  | 'preflight'
  | 'redirects'
  | 'notModified'
  | 'cached'
  | 'failed'
  | 'withoutBody'
  | 'mockFaults'
  | 'mockControls';

/** One contradiction, gathered over the exchanges that showed it (kept for `--write`). */
export interface Group {
  unit: UnitName | undefined;
  op: Operation;
  finding: Finding;
  seen: Set<string>;
  exchanges: number;
  sessions: Set<string>;
  /** Values seen at the field, to infer a shape from (never shown). */
  values: unknown[];
  /** Undeclared properties beside a missing required one, with how often. */
  beside: Map<string, number>;
  renamedTo?: string;
}

export interface Learned {
  report: LearnReport;
  groups: Group[];
  secrets: Secrets;
}

const groupKey = (op: Operation, finding: Finding) =>
  [
    finding.unit ?? '',
    op.operationId,
    finding.side,
    finding.status ?? '',
    finding.keyword,
    finding.at ?? '',
    finding.field,
  ].join('|');

const EXCHANGE_COUNTS = [
  'total',
  'judged',
  'static',
  'other',
  'unknown',
  'preflight',
  'redirects',
  'notModified',
  'cached',
  'failed',
  'withoutBody',
  'mockFaults',
  'mockControls',
] as const satisfies readonly ExchangeCount[];

type Confirmation = { exchanges: number; sessions: Set<string>; ops: Set<string> };
type Presence = { note: FieldNote; present: number };
type Undeclared = FieldNote & { segments: string; key: string };
type UnknownCall = { method: string; origin: string; path: string; count: number };

/** What the exchanges add up to, as they are read one by one. */
interface Tally {
  counts: Record<ExchangeCount, number>;
  sessions: Set<string>;
  /** The contradictions, by groupKey. */
  groups: Map<string, Group>;
  /** The units exchanges exercised without contradicting them, by unit. */
  confirmed: Map<string, Confirmation>;
  /** Each declared field: the exchanges that could carry it (optional ones), how often it came. */
  presence: Map<string, Presence>;
  /** Each undeclared field that came, by operation, side, status and field. */
  undeclared: Map<string, Undeclared>;
  unknown: Map<string, UnknownCall>;
  /** The origins that served the contract's operations (another origin's calls name its host). */
  contractOrigins: Set<string>;
}

const newTally = (): Tally => ({
  counts: Object.fromEntries(EXCHANGE_COUNTS.map((name) => [name, 0])) as Record<
    ExchangeCount,
    number
  >,
  sessions: new Set(),
  groups: new Map(),
  confirmed: new Map(),
  presence: new Map(),
  undeclared: new Map(),
  unknown: new Map(),
  contractOrigins: new Set(),
});

/** An exchange of no operation of the contract: a mock control, a file, an unknown call, other. */
function tallyOutsideContract(tally: Tally, exchange: Exchange, secrets: Secrets) {
  const { counts } = tally;
  if (exchange.url.pathname.startsWith('/__mock/')) counts.mockControls += 1;
  else if (isStatic(exchange)) counts.static += 1;
  else if (looksLikeApi(exchange)) {
    counts.unknown += 1;
    const path = showPath(exchange.url.pathname, secrets);
    const origin = exchange.url.origin;
    const key = `${exchange.method} ${origin}${path}`;
    const known = tally.unknown.get(key) ?? { method: exchange.method, origin, path, count: 0 };
    known.count += 1;
    tally.unknown.set(key, known);
  } else counts.other += 1;
}

/**
 * Why an operation's exchange has nothing to judge (a fault the mock made, a failed call, a
 * redirect or a cached answer without its body); undefined when it is judged.
 */
function unjudgedAs(exchange: Exchange): ExchangeCount | undefined {
  if (isMockFault(exchange)) return 'mockFaults';
  if (exchange.status === 0) return 'failed';
  if (exchange.status === 304) return 'notModified';
  if (exchange.status >= 300 && exchange.status < 400) return 'redirects';
  if (exchange.fromCache && exchange.answerBody.kind === 'missing') return 'cached';
  return undefined;
}

function tallyExercised(tally: Tally, op: Operation, judgement: Judgement, session?: string) {
  for (const unit of judgement.exercised) {
    const entry = tally.confirmed.get(unit) ?? {
      exchanges: 0,
      sessions: new Set(),
      ops: new Set(),
    };
    entry.exchanges += 1;
    if (session) entry.sessions.add(session);
    entry.ops.add(op.operationId);
    tally.confirmed.set(unit, entry);
  }
}

/** Adds the exchange's findings to their groups: a field broken in every item of a list counts once. */
function tallyFindings(tally: Tally, op: Operation, judgement: Judgement, session?: string) {
  const counted = new Set<string>();
  for (const finding of judgement.findings) {
    const key = groupKey(op, finding);
    const group = tally.groups.get(key) ?? {
      unit: finding.unit,
      op,
      finding,
      seen: new Set<string>(),
      exchanges: 0,
      sessions: new Set<string>(),
      values: [],
      beside: new Map<string, number>(),
    };
    group.seen.add(finding.seen);
    if (!counted.has(key)) {
      group.exchanges += 1;
      if (session) group.sessions.add(session);
    }
    if (group.values.length < 50) group.values.push(finding.value);
    for (const beside of finding.undeclaredBeside ?? []) {
      if (!counted.has(`${key}|${beside}`)) {
        group.beside.set(beside, (group.beside.get(beside) ?? 0) + 1);
      }
      counted.add(`${key}|${beside}`);
    }
    counted.add(key);
    tally.groups.set(key, group);
  }
}

/** Adds which declared fields came and which undeclared ones did: each once per exchange. */
function tallyFields(tally: Tally, op: Operation, judgement: Judgement, secrets: Secrets) {
  // each list item is looked at, but an exchange counts once
  const looked = new Set<string>();
  for (const p of judgement.presence) {
    const field = showPointer(p.segments, secrets);
    const key = [op.operationId, p.side, p.status ?? '', p.owner, field, p.required].join('|');
    const entry = tally.presence.get(key) ?? {
      note: { operationId: op.operationId, side: p.side, status: p.status, field, exchanges: 0 },
      present: 0,
    };
    if (!p.required && !looked.has(key)) entry.note.exchanges += 1;
    looked.add(key);
    if (p.present || p.required) entry.present += 1;
    tally.presence.set(key, entry);
  }
  for (const u of judgement.undeclared) {
    const field = showPointer([...u.segments, u.key], secrets);
    const key = [op.operationId, u.side, u.status ?? '', field].join('|');
    const entry = tally.undeclared.get(key) ?? {
      operationId: op.operationId,
      side: u.side,
      status: u.status,
      field,
      exchanges: 0,
      segments: showPointer(u.segments, secrets),
      key: u.key,
    };
    if (!looked.has(key)) entry.exchanges += 1;
    looked.add(key);
    tally.undeclared.set(key, entry);
  }
}

/** Reads one exchange into the tally: counted by kind, and judged when it is an operation's. */
async function tallyExchange(tally: Tally, exchange: Exchange, secrets: Secrets) {
  const { counts } = tally;
  counts.total += 1;
  if (exchange.method === 'OPTIONS' || exchange.resourceType === 'preflight') {
    counts.preflight += 1;
    return;
  }
  const op = findOperation(exchange.method, exchange.url.pathname);
  if (!op) {
    tallyOutsideContract(tally, exchange, secrets);
    return;
  }
  tally.contractOrigins.add(exchange.url.origin);
  const unjudged = unjudgedAs(exchange);
  if (unjudged) {
    counts[unjudged] += 1;
    return;
  }
  counts.judged += 1;
  const session = sessionOf(exchange);
  if (session) tally.sessions.add(session);
  const judgement = await judgeExchange(op, exchange, secrets);
  if (judgement.answerUnjudged) counts.withoutBody += 1;
  tallyExercised(tally, op, judgement, session);
  tallyFindings(tally, op, judgement, session);
  tallyFields(tally, op, judgement, secrets);
}

/**
 * Marks a required field that never came while one other, undeclared field always came instead
 * as renamed to it; the renames, as `operationId|parent|name`, so that field is not also listed
 * as undeclared.
 */
function findRenames(groups: Iterable<Group>, secrets: Secrets) {
  const renames = new Set<string>();
  for (const group of groups) {
    if (group.finding.keyword !== 'required') continue;
    const full = [...group.beside].filter(([, count]) => count === group.exchanges);
    if (full.length === 1 && isNameLike(full[0]![0], secrets)) {
      group.renamedTo = full[0]![0];
      const parent = showPointer(group.finding.segments.slice(0, -1), secrets);
      renames.add(`${group.op.operationId}|${parent}|${group.renamedTo}`);
    }
  }
  return renames;
}

/** The unit a contradiction is about: an assumption, or the operation when it names none. */
const unitOf = (group: Group) => group.unit ?? `operation ${group.op.operationId}`;

const contradictionOf = (group: Group): ContradictionReport => ({
  unit: unitOf(group),
  operationId: group.op.operationId,
  method: group.op.method,
  path: group.op.path,
  side: group.finding.side,
  ...(group.finding.status !== undefined ? { status: group.finding.status } : {}),
  field: group.finding.field,
  keyword: group.finding.keyword,
  contract: group.finding.contract,
  seen: [...group.seen],
  example: group.finding.example,
  exchanges: group.exchanges,
  sessions: group.sessions.size,
  ...(group.renamedTo ? { renamedTo: group.renamedTo } : {}),
});

/** A unit's verdict: contradicted by any group, else confirmed when exercised, else unseen. */
function unitReport({ groups, confirmed }: Tally, unit: string): UnitReport {
  const found = [...groups.values()].filter((group) => unitOf(group) === unit);
  const seen = confirmed.get(unit);
  return {
    unit,
    verdict: found.length > 0 ? 'contradicted' : seen ? 'confirmed' : 'unseen',
    exchanges: seen?.exchanges ?? 0,
    sessions: seen?.sessions.size ?? 0,
    operations: [...(seen?.ops ?? [])],
    contradictions: found.map(contradictionOf),
  };
}

/** The report of the tally: every assumption's verdict, the other contradicted shapes, the fields. */
function reportOf(
  tally: Tally,
  recordings: readonly Recording[],
  renames: ReadonlySet<string>,
): LearnReport {
  const assumptions = assumptionUnits().map((unit) => unitReport(tally, unit));
  const assumedNames = new Set<string>(assumptionUnits());
  const confirmedShapes = [
    ...new Set(
      [...tally.groups.values()]
        .map(unitOf)
        .filter((unit) => !assumedNames.has(unit) && !isAssumedUnit(unit as UnitName)),
    ),
  ]
    .sort()
    .map((unit) => unitReport(tally, unit));
  return {
    recordings: recordings.map((r) => ({
      file: r.file,
      creator: r.creator,
      entries: r.exchanges.length,
    })),
    exchanges: tally.counts,
    sessions: tally.sessions.size,
    assumptions,
    confirmedShapes,
    optionalNeverSent: [...tally.presence.values()]
      .filter((entry) => entry.present === 0 && entry.note.exchanges > 0)
      .map((entry) => entry.note),
    undeclaredFields: [...tally.undeclared.values()]
      .filter((entry) => !renames.has(`${entry.operationId}|${entry.segments}|${entry.key}`))
      .map(({ segments: _segments, key: _key, ...note }) => note),
    // another site's calls are named with their host
    unknownCalls: [...tally.unknown.values()]
      .map(({ method, origin, path, count }) => ({
        method,
        path: tally.contractOrigins.has(origin) ? path : `${new URL(origin).host}${path}`,
        count,
      }))
      .sort((a, b) => b.count - a.count),
    summary: {
      confirmed: assumptions.filter((u) => u.verdict === 'confirmed').length,
      contradicted: assumptions.filter((u) => u.verdict === 'contradicted').length,
      unseen: assumptions.filter((u) => u.verdict === 'unseen').length,
      contradictsConfirmed: confirmedShapes.length,
      unknownCalls: tally.unknown.size,
    },
  };
}

/** Reads the recordings and learns what they say. Throws RecordingError for an unreadable one. */
export async function learnFromRecordings(files: readonly string[]): Promise<Learned> {
  const recordings = files.map(readRecording);
  const exchanges = recordings.flatMap((recording) => recording.exchanges);
  const secrets = gatherSecrets(exchanges);
  const tally = newTally();
  for (const exchange of exchanges) await tallyExchange(tally, exchange, secrets);
  const renames = findRenames(tally.groups.values(), secrets);
  const report = reportOf(tally, recordings, renames);
  return { report, groups: [...tally.groups.values()], secrets };
}

/** 0: nothing contradicted and no unknown call; 1 otherwise. */
export const exitCodeOf = (report: LearnReport) =>
  report.summary.contradicted + report.summary.contradictsConfirmed + report.summary.unknownCalls >
  0
    ? 1
    : 0;
