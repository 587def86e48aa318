import { isLmsError } from '@lms/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberReturn } from '../../../lib/return-path';
import { endLocalSession } from '../utils/end-local-session';

const isUnauthorized = (error: unknown) => isLmsError(error) && error.status === 401;

/**
 * A 401 from any query or mutation in the middle of a session means the server no longer knows it
 * (expired, or ended elsewhere): the local session ends as on logout and the login page opens,
 * instead of every screen showing its failed state. The login page says so, and signing in again
 * returns to the screen the person was on (its draft, kept on the device, comes back with it).
 */
export function useExpiredSessionRedirect(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname + location.search + location.hash;
  }, [location]);
  useEffect(() => {
    let ended = false;
    const onError = (error: unknown) => {
      if (ended || !isUnauthorized(error)) return;
      ended = true;
      rememberReturn(here.current);
      endLocalSession(queryClient);
      void navigate('/lms/login', { replace: true });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
}
