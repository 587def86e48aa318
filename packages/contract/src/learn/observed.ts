// The words and shapes --write proposes: a description without what it said was assumed, and the
// schema of what traffic showed, inferred from types and names only (never a value), re-typing a
// node while keeping what still applies to its new type.
import { isNameLike, jsonType, type Secrets } from './masking.js';

type Schema = Record<string, unknown>;

/** A description without the clauses that say what was assumed; '' when nothing is left. */
export function withoutAssumption(text: string): string {
  const cleaned = text
    .replace(/\s*\([^()]*\b(assumed|assumption|designed)\b[^()]*\)/gi, '')
    .split(/(?<=\.)\s+(?=[A-ZА-ЯЁ])/)
    .map((sentence) =>
      sentence
        .split(/;\s*/)
        .filter((clause) => !/\b(assumed|assumption|designed)\b/i.test(clause))
        .join('; '),
    )
    .filter((sentence) => sentence.trim() !== '')
    .map((sentence) => {
      const trimmed = sentence.trim().replace(/[;,:]$/, '');
      const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
      return /[.!?]$/.test(capital) ? capital : `${capital}.`;
    })
    .join(' ');
  return cleaned.trim();
}

/** A schema for what was seen: types and names only, never a value. */
export function inferSchema(values: unknown[], secrets: Secrets, depth = 0): Schema {
  const present = values.filter((v) => v !== undefined);
  const types = new Set(present.map(jsonType));
  if (types.has('number')) types.delete('integer');
  if (types.size === 0) return {};
  if (types.size > 1) return { type: [...types].sort() };
  const [type] = types;
  if (type === 'array' && depth < 4) {
    const items = present.flatMap((v) => v as unknown[]);
    return items.length ? { type, items: inferSchema(items, secrets, depth + 1) } : { type };
  }
  if (type === 'object' && depth < 4) {
    const objects = present as Record<string, unknown>[];
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))];
    const named = keys.filter((k) => isNameLike(k, secrets));
    const others = keys.filter((k) => !isNameLike(k, secrets));
    const schema: Schema = { type };
    const required = named.filter((k) => objects.every((o) => k in o));
    if (required.length) schema.required = required;
    if (named.length) {
      schema.properties = Object.fromEntries(
        named.map((k) => [
          k,
          inferSchema(
            objects.map((o) => o[k]),
            secrets,
            depth + 1,
          ),
        ]),
      );
    }
    if (others.length) {
      schema.additionalProperties = inferSchema(
        objects.flatMap((o) => others.map((k) => o[k])),
        secrets,
        depth + 1,
      );
    }
    return schema;
  }
  return { type };
}

const TYPE_KEYWORDS: Record<string, string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentMediaType', 'contentEncoding'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'minProperties',
    'maxProperties',
  ],
};

/** The node re-typed as seen, keeping what still applies (its description, nullability). */
export function retyped(original: Schema, seen: Schema, note: string): Schema {
  if (typeof original.$ref === 'string' || !original.type) return { ...seen, description: note };
  const kept = Object.fromEntries(
    Object.entries(original).filter(([key]) => {
      if (
        ['type', 'enum', 'const', 'example', 'examples', 'default', 'description'].includes(key)
      ) {
        return false;
      }
      const owner = Object.entries(TYPE_KEYWORDS).find(([, keys]) => keys.includes(key));
      return !owner || [seen.type].flat().includes(owner[0]);
    }),
  );
  const before = typeof original.description === 'string' ? `${original.description} ` : '';
  return { ...seen, ...kept, description: `${before}${note}`.trim() };
}
