import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';
import type { AddressInfo } from 'node:net';

// The browser reaches its worker's world through a gate in front of it: a journey takes the whole
// server down and brings it back the same way in every engine (a browser driven through WebDriver
// has no offline switch and no request routing), and the gate tells what reached the server.
// While the server is down, every connection is cut as it opens, as for a server that went away.
//
// Every engine reports the portal's Content-Security-Policy violations the same way: the gate adds
// a report-uri to the policy it passes on, and keeps the reports the browser sends back.

const REPORTS = '/__gate/csp-report';

/** A JSON body a request carried to the server, with where it went and how it was answered. */
export interface Passed {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

export interface Gate {
  /** Where the browser goes. */
  origin: string;
  /** The server goes away (open connections cut), or comes back. */
  serverDown(): void;
  serverUp(): void;
  /** The requests the server answered since `forget()`, oldest first. */
  passed(): readonly Passed[];
  /** The policy violations the browser reported since `forget()`. */
  violations(): readonly string[];
  /** A new journey: the server up, nothing passed or reported. */
  forget(): void;
  stop(): Promise<void>;
}

/** A report's one line: which directive refused what, on which page. */
function describeReport(text: string): string {
  try {
    const report = (JSON.parse(text) as { 'csp-report'?: Record<string, unknown> })['csp-report'];
    if (report) {
      return `${String(report['document-uri'])}: ${String(report['effective-directive'] ?? report['violated-directive'])} refused ${String(report['blocked-uri'] || 'inline')} (${String(report['source-file'] ?? '')}:${String(report['line-number'] ?? '')})`;
    }
  } catch {
    // not JSON: kept as it came
  }
  return text;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Starts a gate on a free port in front of `target` (an origin). */
export async function startGate(target: string): Promise<Gate> {
  const backend = new URL(target);
  let up = true;
  let passed: Passed[] = [];
  let reports: string[] = [];

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', backend).pathname;
    if (path === REPORTS && req.method === 'POST') {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        reports.push(describeReport(text));
        res.writeHead(204).end();
      });
      return;
    }
    if (!up) {
      req.socket.destroy();
      return;
    }
    // The request as sent, only Host naming the server behind the gate (as the contract proxy does).
    const headers: IncomingHttpHeaders = { ...req.headers, host: backend.host };
    const json = /json/.test(req.headers['content-type'] ?? '');
    let body = '';
    const forward = request(
      { host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers },
      (answer) => {
        const answerHeaders: OutgoingHttpHeaders = { ...answer.headers };
        const policy = answer.headers['content-security-policy'];
        if (typeof policy === 'string') {
          answerHeaders['content-security-policy'] = `${policy}; report-uri ${REPORTS}`;
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
        answer.pipe(res);
        if (path.startsWith('/api/')) {
          passed.push({
            method: req.method ?? 'GET',
            path,
            status: answer.statusCode ?? 0,
            body: json ? parseJson(body) : undefined,
          });
        }
      },
    );
    forward.on('error', () => res.destroy());
    if (json) req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.pipe(forward);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    serverDown() {
      up = false;
      server.closeAllConnections();
    },
    serverUp() {
      up = true;
    },
    passed: () => passed,
    violations: () => reports,
    forget() {
      up = true;
      passed = [];
      reports = [];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
