// pnpm contract:proxy --target <url>: the validating proxy in front of a backend. Point the
// portal's dev server at it (LMS_API_TARGET=http://127.0.0.1:8081); each drift is printed once.
import { appendFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createContractProxy, formatDrift } from './proxy.js';

const usage = `Usage: pnpm contract:proxy --target <url> [--port 8081] [--host 127.0.0.1] [--drift-log <file>]
  --target <url>       the backend (the portal's /api, /lms/api and /config.json go there)
  --port <n>           where the proxy listens (default 8081)
  --host <name>        interface (default 127.0.0.1)
  --drift-log <file>   also append each drift to this file (emptied at start)`;

const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    port: { type: 'string', default: '8081' },
    host: { type: 'string', default: '127.0.0.1' },
    'drift-log': { type: 'string' },
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
let drifts = 0;
const server = createContractProxy({
  target: values.target,
  onDrift: (drift) => {
    drifts += 1;
    const line = formatDrift(drift);
    console.log(line);
    if (log) appendFileSync(log, `${line}\n`);
  },
});
server.listen(Number(values.port), values.host, () => {
  console.log(
    `Contract proxy on http://${values.host}:${values.port} → ${values.target}; each drift is printed once${log ? ` and appended to ${log}` : ''}.`,
  );
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log(`Contract proxy stopped: ${drifts} drifts.`);
    server.close();
    process.exit(0);
  });
}
