// Files kept in memory (attachments, uploads) and what serving them back needs.

import { encodeJpeg } from './photo.js';
import { hash } from './random.js';
import type { DiskFile, UploadDir } from './uploads.js';

/** A file made by the world itself (seeded attachments): small, kept in memory. */
interface MemoryFile {
  name: string;
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** A file the download endpoint serves: made by the world, or uploaded (kept on disk). */
export type StoredFile = MemoryFile | DiskFile;

export const sizeOf = (file: StoredFile) => ('path' in file ? file.size : file.bytes.byteLength);

const contentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  rtf: 'application/rtf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  html: 'text/html; charset=utf-8',
};

/** By extension first (what the browser reports is often generic), then as uploaded. */
function contentTypeOf(name: string, uploadedType = '') {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return contentTypes[extension] ?? (uploadedType || 'application/octet-stream');
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Separator of file names in a news item's or message's `fileName`. */
export const FILE_NAME_SEPARATOR = ';!;';

/** How many times a name is percent-decoded, as the download's check decodes a requested one. */
const DECODE_ROUNDS = 3;
/** Code points a kept name holds at most: `{id}_{name}` stays within the download's 300. */
export const MAX_FILE_NAME_LENGTH = 200;

/** `name` percent-decoded until it no longer changes (at most DECODE_ROUNDS), where it decodes. */
function percentDecoded(name: string) {
  let decoded = name;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break; // a `%` that starts no escape stays as written
    }
  }
  return decoded;
}

/** At most `max` code points, keeping the extension (a dot within the last 16 of them). */
function capped(name: string, max: number) {
  const points = Array.from(name);
  if (points.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const kept = extension.length > 0 && extension.length <= 16 ? extension : [];
  return points.slice(0, max - kept.length).join('') + kept.join('');
}

/**
 * A client-sent file name as it is kept, shown and downloaded, normalised once on arrival (the
 * contract's rule for upload names): percent-decoded (until it no longer changes, at most three
 * times, as a requested name is checked); only its last path segment (after `/` or `\`);
 * without control characters (C0, DEL, C1) nor the bidirectional controls that can disguise an
 * extension; `..` and longer runs of dots made one dot; the list separator `;!;` made `;`;
 * Unicode NFC; surrounding spaces and dots trimmed; at most 200 code points, keeping the
 * extension; `file` when nothing is left. What still reads as a way out of the file store once
 * decoded (a `%` escape of `/` or `.` left by a fourth level of encoding) has its `%` made `_`,
 * so every kept name downloads. Made unique among `taken` (`a.pdf`, `a (2).pdf`).
 */
export function cleanFileName(raw: string, taken: ReadonlySet<string> = new Set()) {
  let base =
    capped(
      (percentDecoded(raw).split(/[/\\]/).pop() ?? '')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
        .replaceAll(FILE_NAME_SEPARATOR, ';')
        .replace(/\.{2,}/g, '.')
        .normalize('NFC')
        .replace(/^[\s.]+|[\s.]+$/g, ''),
      MAX_FILE_NAME_LENGTH,
    ) || 'file';
  if (isTraversal(base)) base = base.replaceAll('%', '_');
  let name = base;
  for (let n = 2; taken.has(name); n++) {
    const dot = base.lastIndexOf('.');
    name = dot > 0 ? `${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${base} (${n})`;
  }
  return name;
}

/**
 * True when a requested name tries to leave the file store: `..`, `/`, `\` or NUL, also once or
 * twice percent-encoded (`%2e%2e%2f`, `%252e…`).
 */
export function isTraversal(requested: string) {
  let decoded = requested;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  return [requested, decoded].some((name) => name.includes('..') || /[/\\\0]/.test(name));
}

/** Keeps an upload (on disk, in the world's upload directory) under a cleaned name. */
export function storeUpload(uploads: UploadDir, file: File, name: string): Promise<StoredFile> {
  return uploads.save(file, name, contentTypeOf(name, file.type));
}

/** A small, valid one-page PDF saying `line` (ASCII), for seeded attachments. */
function tinyPdf(line: string): Uint8Array<ArrayBuffer> {
  const text = line.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&');
  const stream = `BT /F1 14 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

const PHOTO_WIDTH = 160;
const PHOTO_HEIGHT = 120;

/** A small, valid JPEG picture (a soft diagonal gradient tinted by `seed`), for seeded photos. */
function tinyJpeg(seed: number): Uint8Array<ArrayBuffer> {
  const pixels = new Uint8Array(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  const tint = [(seed * 53) % 256, (seed * 97) % 256, (seed * 193) % 256];
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const at = (y * PHOTO_WIDTH + x) * 3;
      const shade = (x + y) / (PHOTO_WIDTH + PHOTO_HEIGHT);
      for (let channel = 0; channel < 3; channel++) {
        pixels[at + channel] = Math.round(90 + 120 * shade + 0.2 * (tint[channel] ?? 0));
      }
    }
  }
  return new Uint8Array(encodeJpeg(pixels, PHOTO_WIDTH, PHOTO_HEIGHT));
}

/**
 * A seeded file that was never uploaded: a valid PDF for .pdf names, a real JPEG picture for
 * .jpg/.jpeg names (the portal shows photos as thumbnails), plain text otherwise.
 */
export function placeholderFile(name: string, text: string): MemoryFile {
  const lower = name.toLowerCase();
  let bytes: Uint8Array<ArrayBuffer>;
  if (lower.endsWith('.pdf')) bytes = tinyPdf(`LMS mock file: ${name.length} chars`);
  else if (/\.jpe?g$/.test(lower)) bytes = tinyJpeg(hash(name));
  else bytes = new TextEncoder().encode(`${name}\n\n${text}\n`);
  return { name, contentType: contentTypeOf(name), bytes };
}

/** Several uploads of one request, each under a clean name unique among them (`a.pdf`, `a (2).pdf`). */
export function storeUploads(uploads: UploadDir, files: readonly File[]): Promise<StoredFile[]> {
  const names = new Set<string>();
  return Promise.all(
    files.map((file) => {
      const name = cleanFileName(file.name, names);
      names.add(name);
      return storeUpload(uploads, file, name);
    }),
  );
}
