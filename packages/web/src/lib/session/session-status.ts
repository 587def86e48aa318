import { signal } from '@preact/signals-react';

/**
 * True while the portal runs on the stored session because the server could not confirm it (no
 * network, a timeout, a 5xx): the shell says it is reconnecting and keeps trying.
 */
export const sessionReconnecting = signal(false);
