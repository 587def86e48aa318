// How a multipart form writes its values, as the contract states for its forms: each field is a
// text part; a number is written in decimal (`42`, `-1`, `2.5`, `1e-5`); a boolean as `true` or
// `false` in any letter case (`True`, `FALSE`, as some generators write them) or as `1` and `0`;
// a string as it is. A form's text parts are read into the values their schemas declare by this
// rule alone and then checked as they are: a text it does not read (`yes` for a boolean; ` 42`,
// `0x2A` or `Infinity` for a number, which a validator's own coercion would take) stays text, and
// the field's schema refuses it. The mock server, the validating proxy and the traffic learner
// all read forms with this module.
import { resolvePointer, resolveSchema, type Pointer } from './contract.js';

type ScalarKind = 'boolean' | 'number';

const kindsByPointer = new Map<Pointer, ReadonlyMap<string, ScalarKind>>();

/** The fields of the form at `pointer` that hold a boolean or a number, worked out once. */
function scalarFieldsAt(pointer: Pointer): ReadonlyMap<string, ScalarKind> {
  let kinds = kindsByPointer.get(pointer);
  if (!kinds) {
    const properties = (resolveSchema(resolvePointer(pointer)).properties ?? {}) as Record<
      string,
      unknown
    >;
    const found = new Map<string, ScalarKind>();
    for (const [name, raw] of Object.entries(properties)) {
      const type = resolveSchema(raw).type;
      if (type === 'boolean') found.set(name, 'boolean');
      else if (type === 'integer' || type === 'number') found.set(name, 'number');
    }
    kinds = found;
    kindsByPointer.set(pointer, kinds);
  }
  return kinds;
}

const TRUE = /^(?:true|1)$/i;
const FALSE = /^(?:false|0)$/i;
const DECIMAL = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A boolean as a form writes it (`true`, `False`, `1`, `0`…), or undefined for any other text. */
function formBoolean(text: string): boolean | undefined {
  return TRUE.test(text) ? true : FALSE.test(text) ? false : undefined;
}

/** A number as a form writes it (decimal text), or undefined for any other text. */
function formNumber(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined;
}

/** One text part of a boolean or number field read by the rule; any other field's as sent. */
function readText(kind: ScalarKind | undefined, text: string): unknown {
  if (kind === 'boolean') return formBoolean(text) ?? text;
  if (kind === 'number') return formNumber(text) ?? text;
  return text;
}

/**
 * A form's fields (a text, a list of texts, or what stands for files) with each boolean and number
 * field's text read by the rule; what it does not read is left as sent, for the schema to refuse.
 */
export function readFormFields(
  pointer: Pointer,
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const kinds = scalarFieldsAt(pointer);
  const read: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const kind = kinds.get(name);
    read[name] =
      kind === undefined
        ? value
        : typeof value === 'string'
          ? readText(kind, value)
          : Array.isArray(value)
            ? value.map((one: unknown) => (typeof one === 'string' ? readText(kind, one) : one))
            : value;
  }
  return read;
}
