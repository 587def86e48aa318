// `--write`: the learner's report as a contract change for review, in the spec's own YAML (the
// file and place where each shape is written, found from the bundled contract's pointers).
// A confirmed assumption loses `x-assumed` and the clauses of its description that say what was
// assumed. A contradicted shape takes the shape the traffic showed, and its unit (operation or
// component schema) is marked `x-assumed: true` with a description saying it was observed in
// traffic: the proposal stays a question (the reference page and the checker show it as one)
// until a person has reviewed it with the backend team. Nothing written holds a value of the
// recording, only names and types. The bundled contract is regenerated so the contract diff sees
// the change.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operationPointer, type UnitName } from '../assumed-units.js';
import { operations, resolvePointer, type Pointer } from '../contract.js';
import { validatorAt } from '../validators.js';
import type { Group, Learned } from './learn.js';
import { isNameLike, jsonType, type Secrets } from './masking.js';
import { inferSchema, retyped, withoutAssumption } from './observed.js';
import { YamlFile } from './yaml-edit.js';

/** The repository's contract sources. */
export const defaultSpecDir = fileURLToPath(new URL('../../../../spec/', import.meta.url));
const redocly = fileURLToPath(
  new URL('../../../../spec/node_modules/.bin/redocly', import.meta.url),
);

export interface WriteResult {
  /** The files changed, relative to the spec folder. */
  files: string[];
  /** Each change in words. */
  changes: string[];
  /** The bundled contract regenerated (relative to the spec folder). */
  bundled?: string;
}

type Schema = Record<string, unknown>;
type Location = { file: string; path: string[] };

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Where each place of the bundled contract is written in the sources. */
class Sources {
  readonly files = new Map<string, YamlFile>();
  private readonly topLevel = new Map<string, string>();

  constructor(readonly dir: string) {
    for (const folder of ['schemas', 'components']) {
      const at = join(dir, folder);
      if (!existsSync(at)) continue;
      for (const name of readdirSync(at)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()) {
        const file = `${folder}/${name}`;
        const keys = this.file(file).value([]) as Record<string, unknown> | null;
        for (const key of Object.keys(keys ?? {}))
          if (!this.topLevel.has(key)) this.topLevel.set(key, file);
      }
    }
  }

  file(name: string): YamlFile {
    let file = this.files.get(name);
    if (!file) {
      file = new YamlFile(readFileSync(join(this.dir, name), 'utf8'));
      this.files.set(name, file);
    }
    return file;
  }

  locate(pointer: Pointer): Location | undefined {
    const [, root, group, name, ...rest] = pointer.split('/').map(unescape);
    if (root === 'components' && name !== undefined) {
      const file = this.topLevel.get(name);
      return file ? { file, path: [name, ...rest] } : undefined;
    }
    if (root === 'paths' && group !== undefined) {
      const entry = this.file('openapi.yaml').value(['paths', group]) as { $ref?: string } | null;
      const tail = [name, ...rest].filter((s): s is string => s !== undefined);
      const ref = /^\.\/(.+?)#\/(.+)$/.exec(entry?.$ref ?? '');
      if (ref) return { file: ref[1]!, path: [...ref[2]!.split('/').map(unescape), ...tail] };
      return { file: 'openapi.yaml', path: ['paths', group, ...tail] };
    }
    return undefined;
  }
}

interface Proposal {
  unit: UnitName;
  words: string;
  apply(sources: Sources): boolean;
}

type Edit = (change: (file: YamlFile, path: string[]) => boolean) => (sources: Sources) => boolean;

/** What each kind of proposal for a group starts from. */
interface ProposalContext {
  group: Group;
  unit: UnitName;
  /** The place in words: operation, side, status and field. */
  where: string;
  /** How many exchanges showed it, in words. */
  n: string;
  /** The shape the traffic showed, inferred from the values seen (names and types only). */
  seen: Schema;
  /** A change of the place in the sources where the contract writes it (false when not found). */
  edit: Edit;
}

/** A required property that never came: renamed to the one that always came instead, or optional. */
function requiredProposal({ group, unit, where, n, edit }: ProposalContext): Proposal {
  const property = group.finding.property!;
  if (group.renamedTo) {
    const to = group.renamedTo;
    return {
      unit,
      words: `${where}: renamed ${property} → ${to} (${n})`,
      apply: edit((file, path) => {
        const renamed = file.renameKey([...path, 'properties', property], to);
        const required = file.replaceItem([...path, 'required'], property, to);
        return renamed || required;
      }),
    };
  }
  return {
    unit,
    words: `${where}: ${property} becomes optional (absent in ${n})`,
    apply: edit((file, path) => {
      const list = (file.value([...path, 'required']) as string[] | null) ?? [];
      if (!list.includes(property)) return false;
      const rest = list.filter((name) => name !== property);
      return rest.length
        ? file.set([...path, 'required'], rest)
        : file.delete([...path, 'required']);
    }),
  };
}

/**
 * A list that arrived wrapped in an object: the object as seen, each of its properties that always
 * held a list of the contract's items keeping the contract's items (as the sources write them).
 */
function wrappedListProposal(at: Pointer, context: ProposalContext): Proposal {
  const { group, unit, where, n, seen, edit } = context;
  const items = `${at}/items`;
  const objects = group.values.filter((v) => jsonType(v) === 'object') as Record<string, unknown>[];
  const properties = { ...((seen.properties as Record<string, Schema> | undefined) ?? {}) };
  const wrappers: string[] = [];
  for (const key of Object.keys(properties)) {
    const lists = objects.map((o) => o[key]);
    if (
      resolvePointer(items) &&
      lists.every((list) => Array.isArray(list) && list.every((item) => validatorAt(items)(item)))
    ) {
      properties[key] = { type: 'array', items: '<items>' };
      wrappers.push(key);
    }
  }
  const next = {
    ...seen,
    properties,
    description: `Observed in recorded traffic as an object wrapping the list${wrappers.length ? ` (${wrappers.join(', ')})` : ''}; proposed for review.`,
  };
  return {
    unit,
    words: `${where}: a list wrapped in an object {${Object.keys(properties).join(', ')}} (${n})`,
    apply: edit((file, path) => {
      const itemsSource = file.value([...path, 'items']);
      for (const key of wrappers) (properties[key] as Schema).items = itemsSource;
      return file.set(path, next);
    }),
  };
}

/** A value of another type than the contract's: the place takes the types the traffic showed. */
function retypedProposal(at: Pointer, { group, unit, where, n, edit }: ProposalContext): Proposal {
  const expected = group.finding.contract;
  const original = (resolvePointer(at) ?? {}) as Schema;
  const observed = [...group.seen].filter((t) => t !== 'missing').sort();
  const digits = group.values.every((v) => typeof v === 'string' && /^-?\d+$/.test(v));
  const next = retyped(
    original,
    { type: observed.length === 1 ? observed[0] : observed },
    `Observed in recorded traffic as ${observed.join(' or ')}${digits ? ' holding digits' : ''} where the contract said ${expected}; proposed for review.`,
  );
  return {
    unit,
    words: `${where}: ${expected} arrives as ${observed.join(' or ')} (${n})`,
    apply: edit((file, path) => file.set(path, next)),
  };
}

/** An undeclared property: added as seen, unless its name looks like a value (never written). */
function newPropertyProposal(
  { group, unit, where, n, seen, edit }: ProposalContext,
  secrets: Secrets,
): Proposal | undefined {
  const property = group.finding.property!;
  if (!isNameLike(property, secrets)) return undefined;
  return {
    unit,
    words: `${where}: new property ${property} (${n})`,
    apply: edit((file, path) =>
      file.append([...path, 'properties', property], {
        ...seen,
        description: 'Observed in recorded traffic; proposed for review.',
      }),
    ),
  };
}

/** A bound or format the traffic broke: the keyword goes. */
function droppedKeywordProposal({ group, unit, where, n, edit }: ProposalContext): Proposal {
  const { keyword, contract } = group.finding;
  return {
    unit,
    words: `${where}: drops ${keyword} (${contract}), which the traffic broke (${n})`,
    apply: edit((file, path) => file.delete([...path, keyword])),
  };
}

/** The change a contradiction proposes, by its keyword; none for one without a place or a unit. */
function proposalFor(group: Group, secrets: Secrets): Proposal | undefined {
  const { finding } = group;
  const at = finding.at;
  if (!at || !group.unit) return undefined;
  const context: ProposalContext = {
    group,
    unit: group.unit,
    where: `${group.op.operationId} ${finding.side}${finding.status ? ` ${finding.status}` : ''} ${finding.field}`,
    n: `${group.exchanges} exchange${group.exchanges === 1 ? '' : 's'}`,
    edit: (change) => (sources) => {
      const location = sources.locate(at);
      return location ? change(sources.file(location.file), location.path) : false;
    },
    seen: inferSchema(group.values, secrets),
  };
  switch (finding.keyword) {
    case 'required':
      return requiredProposal(context);
    case 'type':
      return finding.contract === 'array' && context.seen.type === 'object'
        ? wrappedListProposal(at, context)
        : retypedProposal(at, context);
    case 'additionalProperties':
      return newPropertyProposal(context, secrets);
    case 'enum':
    case 'const':
    case 'format':
    case 'pattern':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return droppedKeywordProposal(context);
    default:
      return undefined;
  }
}

function unitLocation(unit: UnitName): Pointer {
  if (unit.startsWith('schema ')) return `/components/schemas/${unit.slice('schema '.length)}`;
  const op = operations.find((o) => o.operationId === unit.slice('operation '.length));
  return op ? operationPointer(op) : '';
}

function bundle(specDir: string): string | undefined {
  if (!existsSync(join(specDir, 'generated')) || !existsSync(redocly)) return undefined;
  const run = spawnSync(
    redocly,
    ['bundle', 'openapi.yaml', '--output', 'generated/openapi.json', '--ext', 'json'],
    {
      cwd: specDir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  if (run.status !== 0)
    throw new Error(`Redocly could not bundle ${specDir}/openapi.yaml:\n${run.stderr}`);
  return 'generated/openapi.json';
}

/** Writes the proposals of a learned report into the spec at `specDir` and rebundles it. */
export function writeProposals(learned: Learned, specDir: string): WriteResult {
  const sources = new Sources(specDir);
  const changes: string[] = [];
  const changedUnits = new Map<UnitName, string[]>();
  const byHand: string[] = [];
  // One change per place of the contract, from every exchange of every operation that showed it.
  const merged = new Map<string, Group>();
  for (const group of learned.groups) {
    const f = group.finding;
    const key = f.at ? `${f.at}|${f.keyword}|${f.property ?? ''}` : `${merged.size}`;
    const known = merged.get(key);
    if (!known) {
      merged.set(key, { ...group, values: [...group.values], seen: new Set(group.seen) });
      continue;
    }
    known.values.push(...group.values);
    for (const type of group.seen) known.seen.add(type);
    known.exchanges += group.exchanges;
    if (known.renamedTo !== group.renamedTo) delete known.renamedTo;
  }
  for (const group of merged.values()) {
    const proposal = proposalFor(group, learned.secrets);
    if (proposal?.apply(sources)) {
      changes.push(proposal.words);
      const list = changedUnits.get(proposal.unit) ?? [];
      list.push(proposal.words.slice(proposal.words.indexOf(' ') + 1));
      changedUnits.set(proposal.unit, list);
    } else {
      const f = group.finding;
      byHand.push(
        `${group.op.operationId} ${f.side}${f.status ? ` ${f.status}` : ''} ${f.field} (${f.keyword}): no change written; change it by hand`,
      );
    }
  }
  for (const [unit, words] of changedUnits) {
    const location = sources.locate(unitLocation(unit));
    if (!location) continue;
    const file = sources.file(location.file);
    const before = file.value([...location.path, 'description']);
    const note = `Observed in recorded traffic, proposed for review: ${[...new Set(words)].join('; ')}.`;
    file.set(
      [...location.path, 'description'],
      typeof before === 'string' ? `${before} ${note}` : note,
    );
    file.set([...location.path, 'x-assumed'], true);
    changes.push(`${unit}: marked x-assumed, observed in traffic`);
  }
  for (const unit of learned.report.assumptions.filter((u) => u.verdict === 'confirmed')) {
    const name = unit.unit as UnitName;
    if (changedUnits.has(name)) continue;
    const location = sources.locate(unitLocation(name));
    if (!location) continue;
    const file = sources.file(location.file);
    if (!file.delete([...location.path, 'x-assumed'])) continue;
    const description = file.value([...location.path, 'description']);
    if (typeof description === 'string') {
      const kept = withoutAssumption(description);
      if (kept === '') file.delete([...location.path, 'description']);
      else if (kept !== description) file.set([...location.path, 'description'], kept);
    }
    changes.push(
      `${name}: confirmed by ${unit.exchanges} exchanges in ${unit.sessions} sessions, x-assumed dropped`,
    );
  }
  const files: string[] = [];
  for (const [name, file] of sources.files) {
    const path = join(specDir, name);
    if (readFileSync(path, 'utf8') === file.toString()) continue;
    writeFileSync(path, file.toString());
    files.push(name);
  }
  const bundled = files.length ? bundle(specDir) : undefined;
  return {
    files,
    changes: [...changes, ...byHand],
    ...(bundled ? { bundled } : {}),
  };
}
