import { createLmsClient, type LmsClient } from '@lms/client';
import { createContext, use, type ReactNode } from 'react';
import { withPrefetchedAnswers } from './prefetched-answers';

/**
 * Origin (or prefix) the contract's paths are appended to. Empty means the page's own origin, which
 * `pnpm dev` proxies and a production web server routes to the backend.
 */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** The portal's client; requests can be sent ahead of the calls that read them (prefetched-answers.ts). */
export function createPortalClient(): LmsClient {
  return withPrefetchedAnswers(createLmsClient({ baseUrl: API_BASE_URL }));
}

const ApiClientContext = createContext<LmsClient | null>(null);

export interface ApiClientProviderProps {
  client: LmsClient;
  children: ReactNode;
}

export function ApiClientProvider({ client, children }: ApiClientProviderProps) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): LmsClient {
  const client = use(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an <ApiClientProvider>');
  return client;
}
