import { Suspense, use, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../components/ui/loading';
import { LoginPage } from '../features/session/components/login-page';
import { useApiClient } from '../lib/api-client';
import { useLazyQueryClient } from '../lib/lazy-query-client';
import { isOnline } from '../lib/online-status';
import { lazyRoute } from './lazy-route';
import { canEnterShell, loginScreen, type Decision, type SessionDeps } from './session-guards';

// The shell is its own chunk: the login screen does not load it.
const ShellRoute = lazyRoute(
  'shell',
  () => import('./shell/shell-route'),
  (m) => m.ShellRoute,
);

function Resolved<T>({
  decision,
  children,
}: {
  decision: Promise<T>;
  children: (value: T) => ReactNode;
}) {
  return children(use(decision));
}

/** Renders a guard's decision: at once when it is known, after 'Загрузка...' while the server answers. */
function Decided<T>({
  decision,
  children,
}: {
  decision: Decision<T>;
  children: (value: T) => ReactNode;
}) {
  if (!(decision instanceof Promise)) return children(decision);
  return (
    <Suspense fallback={<Loading fullScreen />}>
      <Resolved decision={decision}>{children}</Resolved>
    </Suspense>
  );
}

/**
 * Decides once, when the route opens. The decision is kept in the state of a component that does
 * not suspend itself, so it survives its own Suspense boundary.
 */
function useDecision<T>(decide: (deps: SessionDeps) => Decision<T>): Decision<T> {
  const client = useApiClient();
  const queryClient = useLazyQueryClient();
  const [decision] = useState(() => decide({ client, queryClient }));
  return decision;
}

/** `/` goes to the portal when the browser is online, otherwise to the offline page (section 2). */
export function RootRedirect() {
  return <Navigate to={isOnline() ? '/lms' : '/lms/offline'} replace />;
}

/** /lms/login: a signed-in user goes on to the portal; otherwise the login screen (section 4). */
export function LoginRoute() {
  const decision = useDecision(loginScreen);
  return (
    <Decided decision={decision}>
      {(screen) =>
        screen === 'shell' ? <Navigate to="/lms" replace /> : <LoginPage {...screen} />
      }
    </Decided>
  );
}

/** /lms and its sections: the shell for a teacher or a student, the login screen for anyone else. */
export function ShellGate() {
  const decision = useDecision((deps) => {
    const entering = canEnterShell(deps);
    // The shell's chunk loads while the server checks the token.
    if (entering !== false) ShellRoute.preload().catch(() => undefined);
    return entering;
  });
  return (
    <Decided decision={decision}>
      {(entering) => (entering ? <ShellRoute /> : <Navigate to="/lms/login" replace />)}
    </Decided>
  );
}
