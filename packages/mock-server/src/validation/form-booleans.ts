// How a multipart form writes a boolean, as the contract states for its forms: `true` or `false`
// in any letter case (`True`, as Python writes it, `FALSE`), or `1` and `0`. The validator
// coerces only `true` and `false`, so a form's boolean fields are written that way before it
// checks them. Numbers need nothing: decimal text (`42`, `-1`, `1.5`, `1e-5`) is what it coerces.
import { resolvePointer, resolveSchema, type Pointer } from '@lms/contract';

const booleanFieldsByPointer = new Map<Pointer, ReadonlySet<string>>();

/** The fields of the form at `pointer` whose schema is a boolean, worked out once. */
function booleanFieldsAt(pointer: Pointer): ReadonlySet<string> {
  let fields = booleanFieldsByPointer.get(pointer);
  if (!fields) {
    const properties = (resolveSchema(resolvePointer(pointer)).properties ?? {}) as Record<
      string,
      unknown
    >;
    fields = new Set(
      Object.entries(properties)
        .filter(([, schema]) => resolveSchema(schema).type === 'boolean')
        .map(([name]) => name),
    );
    booleanFieldsByPointer.set(pointer, fields);
  }
  return fields;
}

const TRUE = /^(?:true|1)$/i;
const FALSE = /^(?:false|0)$/i;

/** The form's boolean fields written `true` or `false`; anything else is left to the validator. */
export function writeBooleans<Part>(pointer: Pointer, parts: Record<string, (string | Part)[]>) {
  for (const name of booleanFieldsAt(pointer)) {
    const values = parts[name];
    if (!values) continue;
    parts[name] = values.map((value) =>
      typeof value !== 'string'
        ? value
        : TRUE.test(value)
          ? 'true'
          : FALSE.test(value)
            ? 'false'
            : value,
    );
  }
}
