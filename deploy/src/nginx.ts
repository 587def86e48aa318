// Starts the system's nginx (Debian's, as a university would install it) with one of the recipe's
// site files, as written except for the lines a deployment changes (its ports, the backend's
// address, the folder holding the build, the certificate), in a temporary prefix of its own: its
// pid, logs and temporary files there, so it runs as root or not, beside any nginx already running.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { symlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, and the recipe's files in it (the Dockerfile copies the same ones). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The shared rules, installed as /etc/nginx/lms/ (Debian and the container alike). */
export const RULES_DIR = 'deploy/nginx/lms';
export const SITES = {
  /** Debian, plain http. */
  http: 'deploy/nginx/lms.conf',
  /** Debian, https with HSTS and a redirect from http. */
  https: 'deploy/nginx/lms-https.conf',
  /** The official nginx image (a template its entrypoint fills in). */
  container: 'deploy/container/lms.conf.template',
} as const;
type Site = keyof typeof SITES;

/** The nginx binary on PATH or where Debian puts it; undefined when nginx is not installed. */
export function findNginx(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path));
}

/**
 * Where this nginx keeps its dynamic modules: Debian's load_module lines
 * (/etc/nginx/modules-enabled/) name them relative to the prefix, so a prefix of our own links
 * its modules/ there.
 */
function modulesPath(nginx: string): string | undefined {
  const built = spawnSync(nginx, ['-V'], { encoding: 'utf8' }).stderr;
  const configured = /--modules-path=(\S+)/.exec(built)?.[1];
  const prefix = /--prefix=(\S+)/.exec(built)?.[1];
  return [configured, prefix && join(prefix, 'modules')].find((path) => path && existsSync(path));
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Replaces `from` by `to`, which must occur exactly once: the file keeps the shape this expects. */
function replaceOnce(text: string, from: string, to: string, file: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`${file}: expected "${from}" once, found it ${count} times`);
  return text.replace(from, () => to);
}

export interface NginxOptions {
  site: Site;
  /** The built portal (packages/web/dist), served as the `lms/` folder of the root. */
  webRoot: string;
  /** The backend's host:port (the mock server). */
  backend: string;
  /** The port the portal is served on (https: the TLS port). Default: a free one. */
  port?: number;
  /** https only: the redirecting http port (default: a free one) and the certificate files. */
  httpPort?: number;
  certificate?: { cert: string; key: string };
}

export interface RunningNginx {
  /** http://127.0.0.1:<port> (https://… for the https site). */
  origin: string;
  port: number;
  /** https only: the port that redirects to https. */
  httpPort?: number;
  /** The site file as nginx runs it. */
  siteText: string;
  stop(): Promise<void>;
}

/** The site file with this machine's ports, backend, root and certificate. */
function localSite(options: NginxOptions, root: string, port: number, httpPort?: number) {
  const file = SITES[options.site];
  let text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const swap = (from: string, to: string) => (text = replaceOnce(text, from, to, file));
  if (options.site === 'container') {
    swap('server ${LMS_BACKEND};', `server ${options.backend};`);
    swap('listen 80;', `listen 127.0.0.1:${port};`);
    swap('root /usr/share/nginx/html;', `root ${root};`);
    return text;
  }
  swap('server 127.0.0.1:8080;', `server ${options.backend};`);
  swap('root /srv/lms;', `root ${root};`);
  if (options.site === 'http') {
    swap('listen 80;', `listen 127.0.0.1:${port};`);
    swap('listen [::]:80;', '');
    return text;
  }
  if (!options.certificate || httpPort === undefined) {
    throw new Error('the https site needs a certificate and an http port');
  }
  swap('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`);
  swap('listen [::]:443 ssl http2;', '');
  swap('listen 80;', `listen 127.0.0.1:${httpPort};`);
  swap('listen [::]:80;', '');
  swap(
    'ssl_certificate /etc/ssl/lms/fullchain.pem;',
    `ssl_certificate ${options.certificate.cert};`,
  );
  swap(
    'ssl_certificate_key /etc/ssl/lms/privkey.pem;',
    `ssl_certificate_key ${options.certificate.key};`,
  );
  return text;
}

/** The main configuration around the site, as Debian's nginx.conf has it, in the prefix. */
function mainConfig(prefix: string): string {
  const temp = (name: string) => join(prefix, 'temp', name);
  return [
    'worker_processes 1;',
    'daemon off;',
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${join(prefix, 'error.log')} warn;`,
    // Debian's modules (the brotli module's load_module line among them).
    'include /etc/nginx/modules-enabled/*.conf;',
    'events { worker_connections 256; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    '    access_log off;',
    `    client_body_temp_path ${temp('body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    '    include sites/lms.conf;',
    '}',
    '',
  ].join('\n');
}

/** Starts nginx with the site; rejects with nginx's own words when the configuration fails. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed');
  const port = options.port ?? (await freePort());
  const httpPort =
    options.site === 'https' ? (options.httpPort ?? (await freePort())) : options.httpPort;
  const prefix = mkdtempSync(join(tmpdir(), 'lms-nginx-'));
  // Workers run as nobody when the master is root: they need to reach the build through here.
  chmodSync(prefix, 0o755);
  const conf = join(prefix, 'conf');
  mkdirSync(join(conf, 'sites'), { recursive: true });
  mkdirSync(join(prefix, 'temp'));
  mkdirSync(join(prefix, 'www'));
  cpSync(join(REPO_ROOT, RULES_DIR), join(conf, 'lms'), { recursive: true });
  symlinkSync(options.webRoot, join(prefix, 'www', 'lms'));
  const modules = modulesPath(nginx);
  if (modules) symlinkSync(modules, join(prefix, 'modules'));
  const siteText = localSite(options, join(prefix, 'www'), port, httpPort);
  writeFileSync(join(conf, 'sites', 'lms.conf'), siteText);
  writeFileSync(join(conf, 'nginx.conf'), mainConfig(prefix));

  const args = ['-p', prefix, '-c', join(conf, 'nginx.conf'), '-e', 'stderr'];
  const check = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  // A recipe that works has nothing to warn about either (a doubled MIME type, an ignored line).
  if (check.status !== 0 || /\[(warn|emerg|alert|crit)\]/.test(check.stderr)) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx -t failed for ${SITES[options.site]}:\n${check.stderr}`);
  }
  const child: ChildProcess = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  // nginx finishes its requests on SIGQUIT; its temporary prefix goes with it.
  const supervised = supervise(child, 'SIGQUIT');
  const stop = async () => {
    await supervised.stop();
    rmSync(prefix, { recursive: true, force: true });
  };
  const stderr = () => supervised.stderr();

  for (let waited = 0; !(await portOpen(port)); waited += 50) {
    if (child.exitCode !== null || waited > 10_000) {
      await stop();
      throw new Error(`nginx did not start on port ${port}:\n${stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const scheme = options.site === 'https' ? 'https' : 'http';
  return { origin: `${scheme}://127.0.0.1:${port}`, port, httpPort, siteText, stop };
}

/** A self-signed certificate for 127.0.0.1 made with openssl, or undefined without openssl. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } | undefined {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', key, '-out', cert],
    ],
    { encoding: 'utf8' },
  );
  return made.status === 0 ? { cert, key } : undefined;
}

/** The mock server's command line (packages/mock-server/dist/main.js, built by `pnpm build`). */
const MOCK_SERVER = join(REPO_ROOT, 'packages/mock-server/dist/main.js');

/**
 * The mock world's seed and its clock, frozen at its own Friday, as the journeys that name dates
 * expect (packages/web/e2e/world.ts starts its worlds with them too). Every world started with
 * these answers byte for byte alike.
 */
export const WORLD_ARGS = ['--seed', '1', '--now', '2026-11-20T09:00:00+06:00'] as const;

/**
 * Starts the mock server on 127.0.0.1 as the recipe's backend (the world of seed 1 at its own
 * Friday, as the journeys expect); resolves once it answers.
 */
export async function startMockServer(
  port: number,
  extraArgs: readonly string[] = [],
): Promise<{ backend: string; stop(): Promise<void> }> {
  if (!existsSync(MOCK_SERVER)) {
    throw new Error(`${MOCK_SERVER} is missing: pnpm --filter @lms/mock-server build`);
  }
  const child = spawn(
    process.execPath,
    [MOCK_SERVER, '--port', String(port), ...WORLD_ARGS, ...extraArgs],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const { stop, stderr } = supervise(child, 'SIGTERM');
  for (let waited = 0; ; waited += 100) {
    const ok = await fetch(`http://127.0.0.1:${port}/config.json`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || waited > 20_000) {
      await stop();
      throw new Error(`the mock server did not start on port ${port}:\n${stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { backend: `127.0.0.1:${port}`, stop };
}

/**
 * A server process of a test: its error output kept for the failure message, killed if the test
 * process exits first, and stopped with `signal` (then SIGKILL after 5 s) when asked.
 */
export function supervise(child: ChildProcess, signal: NodeJS.Signals) {
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    stderr: () => output,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
