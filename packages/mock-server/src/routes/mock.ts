// Control routes for tests and demos, outside the contract (no session, faults or validation).
import { createRouter } from '../http.js';
import type { RouteDeps } from './route-deps.js';

export const mockRoutes = ({ store }: RouteDeps) =>
  createRouter()
    // Back to the seeded world: every write undone, every session ended.
    .post('/__mock/reset', (c) => {
      store.reset();
      return c.json({ result: 0, error: null, data: true });
    });
