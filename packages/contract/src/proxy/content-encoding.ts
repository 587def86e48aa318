import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * An answer's body as the server meant it, undoing its Content-Encoding (gzip, br, deflate); any
 * other encoding, or none, leaves it as it came. Throws when the bytes are not what the header says.
 */
export function decodeBody(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      return body;
  }
}
