/**
 * What a signed-in user's first screen needs beyond the login page's code, behind one dynamic
 * import: the shell, TanStack Query's cache, the first screen's requests (their prefetch) and the
 * store of the data kept offline. One module, so one chunk: vite.config.ts's `shell-chunk` group takes
 * it with everything it imports that the login page does not, rather than a score of small shared
 * chunks, each a round trip on a phone's network. A login starts it while the password is checked;
 * a returning user's index.html starts it with the framework's (the `token` cookie).
 */
export { ShellRoute } from './shell/shell-route';
export { prefetchFirstScreen, prefetchFirstScreenReturning } from './prefetch-first-screen';
export { createQueryClient } from '../lib/query/query-client';
export { forgetOfflineData } from '../lib/offline/offline-cache';
