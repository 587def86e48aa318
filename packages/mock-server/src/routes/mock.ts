// Control routes for tests and demos, outside the contract (no session, faults or validation).
// They change the whole world, so no web page may call them: each needs a JSON body (a cross-site
// form cannot send one without a CORS preflight, which this server never grants), a request that
// names another origin (Origin, or Sec-Fetch-Site: cross-site) is refused, and so is one whose
// Host is not an address the server listens on: a page on another name that its DNS resolves to
// this machine (DNS rebinding) is same-origin to itself, but its Host names it.
import type { MiddlewareHandler } from 'hono';
import { createRouter } from '../http.js';
import { jsonShapeProblem, MAX_JSON_DEPTH, shapeMessage } from '../validation/json-shape.js';
import type { RouteDeps } from './route-deps.js';

const envelope = (error: string) => ({ result: 1, error, data: null });

/** The Host a request names: its header, or (app.request() without one) its URL's host. */
const hostOf = (c: Parameters<MiddlewareHandler>[0]) =>
  (c.req.header('Host') ?? new URL(c.req.url).host).toLowerCase();

/** 403 for a Host that is not one of the server's own addresses. */
const ownHostOnly =
  (controlHosts: () => readonly string[]): MiddlewareHandler =>
  async (c, next) => {
    if (!controlHosts().includes(hostOf(c))) {
      return c.json(
        envelope('Forbidden: /__mock answers requests to the address it listens on only'),
        403,
      );
    }
    await next();
  };

/** Same-origin JSON only: 415 without a JSON content type, 403 from another site. */
const sameOriginJson: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('Origin');
  const host = hostOf(c);
  let foreign = c.req.header('Sec-Fetch-Site') === 'cross-site';
  if (origin !== undefined) {
    try {
      foreign ||= origin === 'null' || new URL(origin).host.toLowerCase() !== host;
    } catch {
      foreign = true;
    }
  }
  if (foreign) return c.json(envelope('Forbidden: /__mock answers same-origin requests only'), 403);
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return c.json(
      envelope('Unsupported media type: /__mock needs Content-Type application/json'),
      415,
    );
  }
  await next();
};

export const mockRoutes = ({ store, settings }: RouteDeps) =>
  createRouter()
    .use('/__mock/*', ownHostOnly(settings.controlHosts), sameOriginJson)
    // Back to the seeded world: every write undone, every session ended, the order pace restored.
    .post('/__mock/reset', (c) => {
      store.reset();
      settings.orderPace.seconds = settings.orderPace.initial;
      return c.json({ result: 0, error: null, data: true });
    })
    // How fast orders placed from now on advance: {"seconds": 2}; 0 keeps them waiting.
    .post('/__mock/order-pace', async (c) => {
      const text = await c.req.text();
      // {"seconds": n}: a few keys at most, refused from the text past that
      const problem = jsonShapeProblem(text, { depth: MAX_JSON_DEPTH, keys: 16, items: 16 });
      if (problem) return c.json(envelope(shapeMessage(problem)), 400);
      const body: unknown = (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })();
      const seconds =
        body && typeof body === 'object' && 'seconds' in body ? Number(body.seconds) : NaN;
      if (!Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) {
        return c.json(envelope('Bad request: body must be {"seconds": 0..86400}'), 400);
      }
      settings.orderPace.seconds = seconds;
      return c.json({ result: 0, error: null, data: { seconds } });
    });
