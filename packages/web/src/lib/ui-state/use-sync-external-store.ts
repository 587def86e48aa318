/**
 * Stands in for `use-sync-external-store/shim` in the production build (see vite.config.ts): the
 * shim exists for React 17 and older, and React 19 has the hook itself.
 */
export { useSyncExternalStore } from 'react';
