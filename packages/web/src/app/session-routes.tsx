import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Loading } from '../components/ui/loading';
import { LoginPage } from '../features/session/components/login-page';
import { useApiClient } from '../lib/api-client';
import { useLazyQueryClient } from '../lib/lazy-query-client';
import { isOnline } from '../lib/online-status';
import { takeReturn } from '../lib/return-path';
import { isPortalUser, type PortalUser } from '../lib/roles';
import { isMobile } from '../lib/viewport';
import { lazyRoute } from './lazy-route';
import { loadWayIn } from './load-way-in';
import { SECTIONS } from './sections';
import {
  cachedUser,
  canEnterShell,
  loginScreen,
  type Decision,
  type SessionDeps,
} from './session-guards';

// The shell comes with the way in (app/way-in.ts): the login screen does not load it. Its services
// column (and a phone's first tab) speaks the apps namespace, which loads with it rather than after
// it renders.
const ShellRoute = lazyRoute('shell', loadWayIn, (m) => m.ShellRoute, ['apps']);

type Settled<T> = { value: T } | { error: unknown };

/**
 * Renders a guard's decision: at once when it is known, 'Загрузка...' while the server answers.
 * Not a Suspense fallback: a page revealed after one is held by React for at least 300 ms, which
 * on a reload would keep the portal waiting after its data has arrived.
 */
function Decided<T>({
  decision,
  children,
}: {
  decision: Decision<T>;
  children: (value: T) => ReactNode;
}) {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  useEffect(() => {
    if (!(decision instanceof Promise)) return;
    let live = true;
    decision.then(
      (value) => live && setSettled({ value }),
      (error: unknown) => live && setSettled({ error }),
    );
    return () => {
      live = false;
    };
  }, [decision]);
  if (!(decision instanceof Promise)) return children(decision);
  if (!settled) return <Loading fullScreen />;
  if ('error' in settled) throw settled.error;
  return children(settled.value);
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

/** The landing section (news at /lms): its chunk comes with the shell's. */
const landingSection = () => SECTIONS.find((section) => section.path === '/lms')?.Component;

/**
 * What a login leads to, loaded while the server checks the password: the way in (the shell, the
 * first screen's requests, the store of the data kept offline) and the landing section. On a phone
 * the main screen opens on its sections tab (section 9), which is part of the shell: the news
 * chunk would only take bandwidth from it.
 */
function loadWhatFollowsLogin() {
  return Promise.all([
    loadWayIn(),
    ShellRoute.preload(),
    isMobile.value ? undefined : landingSection()?.preload(),
  ]);
}

/**
 * Into the shell without idle time: its chunks load during the login request, the first screen's
 * requests start as soon as the login succeeds, and the navigation is a transition, so the login
 * screen stays until the shell can show (no Suspense fallback and its 300 ms throttle between).
 */
function useEnterShell() {
  const client = useApiClient();
  const queryClient = useLazyQueryClient();
  const navigate = useNavigate();
  return {
    prepare: () => void loadWhatFollowsLogin().catch(() => undefined),
    enter: (user: PortalUser) => {
      void loadWhatFollowsLogin()
        .then(([wayIn]) => wayIn.warmStart(client, queryClient, user))
        .catch(() => undefined);
      // Back to the screen a session that ended left (once), else the main screen.
      const to = takeReturn() ?? '/lms';
      startTransition(() => void navigate(to, { replace: true }));
    },
  };
}

/** /lms/login: a signed-in user goes on to the portal; otherwise the login screen (section 4). */
export function LoginRoute() {
  const decision = useDecision(loginScreen);
  const { prepare, enter } = useEnterShell();
  return (
    <Decided decision={decision}>
      {(screen) =>
        screen === 'shell' ? (
          <Navigate to="/lms" replace />
        ) : (
          <LoginPage {...screen} onPrepare={prepare} onSignedIn={enter} />
        )
      }
    </Decided>
  );
}

/** /lms and its sections: the shell for a teacher or a student, the login screen for anyone else. */
export function ShellGate() {
  const decision = useDecision((deps) => {
    const entering = canEnterShell(deps);
    // While the server checks the token, the way in (and the landing section's chunk) load, and
    // the first screen's requests start as soon as it is confirmed. (After a login the user is
    // known at once and the login screen has done both already.)
    if (entering instanceof Promise) {
      void loadWhatFollowsLogin()
        .then(async ([wayIn]) => {
          const user = (await entering) ? cachedUser(deps) : null;
          if (isPortalUser(user)) await wayIn.warmStart(deps.client, deps.queryClient, user);
        })
        .catch(() => undefined);
    }
    return entering;
  });
  return (
    <Decided decision={decision}>
      {(entering) => (entering ? <ShellRoute /> : <Navigate to="/lms/login" replace />)}
    </Decided>
  );
}
