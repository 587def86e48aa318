// pnpm contract:proxy --target <url>: the validating proxy in front of a backend. Point the
// portal's dev server at it (LMS_API_TARGET=http://127.0.0.1:8081); each drift is printed once.
// With --record, every exchange is also kept in a HAR file for pnpm contract:learn.
import { appendFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createContractProxy, formatDrift } from './proxy.js';
import { createHarRecorder } from './recorder.js';

const usage = `Usage: pnpm contract:proxy --target <url> [--port 8081] [--host 127.0.0.1] [--drift-log <file>] [--record <file.har>]
  --target <url>       the backend (the portal's /api, /lms/api and /config.json go there)
  --port <n>           where the proxy listens (default 8081)
  --host <name>        interface (default 127.0.0.1)
  --drift-log <file>   also append each drift to this file (emptied at start)
  --record <file.har>  also record every exchange, bodies whole, as HAR 1.2 for pnpm contract:learn
                       (replaced at start; always a valid file, rewritten as traffic passes and at
                       the end). It holds the session's cookies and passwords: keep it private.`;

const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    port: { type: 'string', default: '8081' },
    host: { type: 'string', default: '127.0.0.1' },
    'drift-log': { type: 'string' },
    record: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.target) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const log = values['drift-log']
  ? resolve(process.env.INIT_CWD ?? process.cwd(), values['drift-log'])
  : undefined;
if (log) writeFileSync(log, '');
const recording = values.record
  ? resolve(process.env.INIT_CWD ?? process.cwd(), values.record)
  : undefined;
const recorder = recording ? createHarRecorder(recording) : undefined;
let drifts = 0;
const server = createContractProxy({
  target: values.target,
  ...(recorder ? { recorder } : {}),
  onDrift: (drift) => {
    drifts += 1;
    const line = formatDrift(drift);
    console.log(line);
    if (log) appendFileSync(log, `${line}\n`);
  },
});
server.listen(Number(values.port), values.host, () => {
  console.log(
    `Contract proxy on http://${values.host}:${values.port} → ${values.target}; each drift is printed once${log ? ` and appended to ${log}` : ''}${recording ? `; every exchange is recorded in ${recording}` : ''}.`,
  );
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // the recording is written whole before the process goes, however it is stopped
    recorder?.close();
    console.log(
      `Contract proxy stopped: ${drifts} drifts${recorder ? `, ${recorder.recorded} exchanges recorded` : ''}.`,
    );
    server.close();
    process.exit(0);
  });
}
