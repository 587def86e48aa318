// A client too slow with its request's headers is answered 408 and disconnected, so slow clients
// cannot hold a server's connections (slowloris). Probed with one raw connection (TLS for https):
// the request line at once, then one header byte a second, never ending the headers; the row says
// how long the server took to close the connection or answer 408. Good when it did so within the
// checker's give-up time (--slow-client-seconds, default 30, bounded by the run's own time
// budget), weak when the connection was still open then (the checker closes it). It runs beside
// the rest of the run, from sign-in on, and the run waits for it at the end at most until its
// give-up time; 0 seconds leaves it out.
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { CheckRun, SecurityLine } from '../run.js';

export interface SlowClientProbe {
  /** The security row, once the server closed, answered 408, or the give-up time came. */
  line: Promise<SecurityLine>;
  /** Ends the probe now (the run stopped early); its row then says so. */
  stop: () => void;
}

const DRIP_MS = 1000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Starts the probe; it takes one request of the budget. */
export function startSlowClientProbe(run: CheckRun, giveUpSeconds: number): SlowClientProbe {
  const target = new URL(run.options.target);
  const path = run.op('getConfig').path;
  const subject = `GET ${path}, a header byte a second`;
  const property = 'slow client cut off';
  const giveUpMs = Math.min(giveUpSeconds * 1000, run.budget.limits.deadline - Date.now());
  if (!(giveUpMs > 0)) {
    const value = `not probed (--slow-client-seconds ${giveUpSeconds})`;
    return { line: Promise.resolve({ subject, property, value, verdict: 'n/a' }), stop: () => {} };
  }
  run.budget.take();
  const https = target.protocol === 'https:';
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(target.port) || (https ? 443 : 80);
  const socket: Socket = https
    ? connectTls({ host, port, servername: isIP(host) ? undefined : host })
    : connectTcp({ host, port });
  // the headers, a byte at a time: Host, then a header whose value never ends
  const headers = `Host: ${target.host}\r\nX-Contract-Check-Slow-Client: `;
  let sent = 0;
  let connectedAt: number | undefined;
  let answer = '';
  let drip: NodeJS.Timeout | undefined;
  let settle: (line: SecurityLine) => void = () => {};
  const line = new Promise<SecurityLine>((resolve) => (settle = resolve));
  let done = false;
  const giveUp = setTimeout(() => {
    if (connectedAt === undefined) finish(`not connected after ${seconds(giveUpMs)}`, 'n/a');
    else finish(`still open after ${seconds(giveUpMs)} (gave up)`, 'weak');
  }, giveUpMs);

  function finish(value: string, verdict: SecurityLine['verdict']) {
    if (done) return;
    done = true;
    clearTimeout(giveUp);
    clearInterval(drip);
    socket.destroy();
    settle({ subject, property, value, verdict });
  }
  /** The server ended the exchange: closed the connection, or answered 408. */
  function ended() {
    const took = seconds(performance.now() - (connectedAt ?? performance.now()));
    const status = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(answer)?.[1];
    const what = status ? `${status} and closed` : 'closed without an answer';
    finish(`${what} after ${took} (gives up after ${seconds(giveUpMs)})`, 'good');
  }

  socket.once(https ? 'secureConnect' : 'connect', () => {
    connectedAt = performance.now();
    socket.write(`GET ${path} HTTP/1.1\r\n`);
    drip = setInterval(() => {
      socket.write(headers[sent] ?? 'a');
      sent += 1;
    }, DRIP_MS);
  });
  socket.on('data', (chunk: Buffer) => {
    if (answer.length < 256) answer += chunk.toString('latin1');
    if (/^HTTP\/\d(?:\.\d)? 408/.test(answer)) ended();
  });
  socket.on('close', () => {
    if (connectedAt !== undefined) ended();
  });
  socket.on('error', (error) => {
    // a reset after connecting is the server closing; before, the probe could not connect
    if (connectedAt === undefined) finish(`could not connect: ${error.message}`, 'n/a');
  });
  return { line, stop: () => finish('not finished: the run stopped early', 'n/a') };
}
