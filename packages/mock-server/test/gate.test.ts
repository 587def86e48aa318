import { describe, expect, it } from 'vitest';
import { heldContext } from '../src/gate.js';
import { createTestApp } from './helpers.js';

describe('the gate', () => {
  // An idle process's memory-reducing GC would otherwise find no request object alive and drop
  // their classes' fast path for the rest of the process (gate.ts; `pnpm bench` measures it).
  it("holds the latest request's context until the next request replaces it", async () => {
    const app = createTestApp();
    const config = await app.request('/config.json');
    expect(config.status).toBe(200);
    const first = heldContext();
    expect(first?.req.path).toBe('/config.json');
    expect(first?.finalized).toBe(true);

    const unknown = await app.request('/api/no/such.json', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(heldContext()).not.toBe(first);
    expect(heldContext()?.req.path).toBe('/api/no/such.json');
  });
});
