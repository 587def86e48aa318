import { File as NodeFile } from 'node:buffer';

/** What a multipart upload carried: its form fields and its files. */
export interface SentForm {
  fields: Record<string, string>;
  files: File[];
}

/** Splits a FormData into its text fields and its files. */
export function readForm(form: FormData): SentForm {
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files.push(value);
  }
  return { fields, files };
}

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
export function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

/** multipart/form-data as a browser sends it (jsdom's FormData is not one Node's Request can send). */
export async function encodeMultipart(
  form: FormData,
): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  const boundary = `----lms-test-${Math.random().toString(16).slice(2)}`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      parts.push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n` +
            `Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        ),
        await readBytes(value),
        encoder.encode('\r\n'),
      );
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.length;
  }
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Node parses a multipart body into its own File class and the mock server checks the parts with
 * `instanceof File`, which under jsdom means jsdom's File: after this, Node's files count too.
 * Call it once at the top of a test file whose uploads reach the in-process mock server.
 */
export function acceptNodeFilesAsFiles(): void {
  const jsdomIsFile = Function.prototype[Symbol.hasInstance].bind(globalThis.File);
  Object.defineProperty(globalThis.File, Symbol.hasInstance, {
    configurable: true,
    value: (value: unknown) => jsdomIsFile(value) || value instanceof NodeFile,
  });
}
