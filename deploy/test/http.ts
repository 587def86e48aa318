// One request on a real socket, the answer as sent: the body not decoded, every header line kept.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Name (lower case) → every value sent under it, so a doubled header shows. */
  lines: Map<string, string[]>;
  body: Buffer;
  /** The body decoded by its Content-Encoding. */
  text(): string;
}

export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    ca?: string;
  } = {},
): Promise<RawAnswer> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.ca && { ca: options.ca }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const lines = new Map<string, string[]>();
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = (res.rawHeaders[i] ?? '').toLowerCase();
            lines.set(name, [...(lines.get(name) ?? []), res.rawHeaders[i + 1] ?? '']);
          }
          const body = Buffer.concat(chunks);
          const text = () => {
            const encoding = res.headers['content-encoding'];
            if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
            if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
            return body.toString('utf8');
          };
          resolve({ status: res.statusCode ?? 0, headers: res.headers, lines, body, text });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
