// JSON typed by the value it encodes, as text or as UTF-8 bytes. What is the same on every request
// is serialised once and kept as bytes: reference data that cannot change while the process runs
// (once), and records that never change once written, such as a news item or a chat message
// (keptJson). An answer built from them is neither serialised nor encoded again: its pieces are
// joined in one copy when it is sent. okJson() and sendJson() (http.ts) send any of them.
declare const jsonOf: unique symbol;

/** The JSON text of a value of type T, exactly as JSON.stringify writes it. */
export type JsonText<T> = string & { readonly [jsonOf]: T };
/** The same JSON as UTF-8 bytes. */
export type JsonBytes<T> = Uint8Array<ArrayBuffer> & { readonly [jsonOf]: T };
/** The same JSON as pieces of UTF-8 bytes, in order: joined once, when the answer is sent. */
export type JsonParts<T> = readonly Uint8Array[] & { readonly [jsonOf]: T };
/** The JSON of a value of type T, as text, bytes or pieces. */
export type Json<T> = JsonText<T> | JsonBytes<T> | JsonParts<T>;

/** JSON.stringify(value), typed as the value's JSON. */
export const jsonText = <T>(value: T) => JSON.stringify(value) as JsonText<T>;

const encoder = new TextEncoder();
/**
 * JSON.stringify(value) as UTF-8 bytes, for a record to keep. A buffer of its own (TextEncoder),
 * not a slice of Node's shared pool, which a long-kept slice would hold on to whole.
 */
export const jsonBytes = <T>(value: T) => encoder.encode(JSON.stringify(value)) as JsonBytes<T>;

/** A piece of JSON: text, bytes, or pieces of bytes. */
type Piece = string | Uint8Array | readonly Uint8Array[];
const isParts = (piece: Uint8Array | readonly Uint8Array[]): piece is readonly Uint8Array[] =>
  Array.isArray(piece);
/** Adds a piece's bytes to `parts`, copying none. */
function addPiece(parts: Uint8Array[], piece: Piece) {
  if (typeof piece === 'string') parts.push(Buffer.from(piece));
  else if (isParts(piece)) for (const part of piece) parts.push(part);
  else parts.push(piece);
}

/** Pieces of JSON (text, bytes or pieces) in order, as one JSON's pieces: nothing is copied. */
export function joinJson<T>(pieces: readonly Piece[]): JsonParts<T> {
  const parts: Uint8Array[] = [];
  for (const piece of pieces) addPiece(parts, piece);
  return parts as readonly Uint8Array[] as JsonParts<T>;
}

const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/** A JSON array of items already serialised: the pieces of what JSON.stringify(items) writes. */
export function jsonList<T>(items: readonly Json<T>[]): JsonParts<T[]> {
  const parts: Uint8Array[] = [OPEN];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(COMMA);
    addPiece(parts, items[i] as Json<T>);
  }
  parts.push(CLOSE);
  return parts as readonly Uint8Array[] as JsonParts<T[]>;
}

/** The JSON as one body to send: its text, or its bytes joined in one copy. */
export function jsonBody(json: Json<unknown>): string | Uint8Array<ArrayBuffer> {
  if (typeof json === 'string') return json;
  return isParts(json) ? Buffer.concat(json) : json;
}

/**
 * The JSON bytes of data that cannot change while the process runs (module constants such as the
 * academic years, services and regions; an app's settings), made on first use and reused after.
 * Never for anything a write or a reset can change.
 */
export function once<T>(build: () => T): () => JsonBytes<T> {
  let bytes: JsonBytes<T> | undefined;
  return () => (bytes ??= jsonBytes(build()));
}

/** Per record, the JSON bytes of each of its forms made so far (by form number). */
export type KeptJson<R extends object, T> = WeakMap<R, (JsonBytes<T> | undefined)[]>;

/**
 * The JSON bytes of one form of a record (the forms differ by reader: their own or not, …), made
 * on first use and kept with the record in `kept` (gone when the record is). Only for records
 * that never change once written; never for anything a write can change in place.
 */
export function keptJson<R extends object, T>(
  kept: KeptJson<R, T>,
  record: R,
  form: number,
  build: () => T,
): JsonBytes<T> {
  let forms = kept.get(record);
  if (!forms) kept.set(record, (forms = []));
  return (forms[form] ??= jsonBytes(build()));
}
