import { loadChunk } from '../lib/chunk-loading';

/** The way in's chunk (app/way-in.ts), under the chunk timeout; the browser loads it once. */
export const loadWayIn = () => loadChunk('way in', () => import('./way-in'));
