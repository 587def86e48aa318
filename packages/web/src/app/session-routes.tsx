import type { LmsClient } from '@lms/client';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Loading } from '../components/ui/loading';
import { LoginPage, type LoginScreenData } from '../features/session/components/login-page';
import { useApiClient } from '../lib/query/api-client';
import { useLazyQueryClient } from '../lib/query/lazy-query-client';
import { isOnline } from '../lib/offline/online-status';
import { resetAcademicSelection } from '../lib/academic-context/selection';
import { takeReturn } from '../lib/session/return-path';
import { isPortalUser, type PortalUser } from '../lib/session/roles';
import { isMobile } from '../lib/ui-state/viewport';
import { lazyRoute } from './lazy-route';
import { currentLayout, firstScreenRequests } from './first-screen-requests';
import { loadShellChunk } from './load-shell-chunk';
import { SECTIONS } from './sections';
import { storedUser } from '../features/session/utils/stored-user';
import { askAhead, forgetPrefetchedAnswers } from '../lib/query/prefetched-answers';
import { whenIdleAfterPaint } from '../lib/ui-state/idle-after-paint';
import { fetchFirstScreenAhead } from './first-screen-ahead';
import {
  cachedUser,
  canEnterShell,
  loginScreen,
  type Decision,
  type SessionDeps,
} from './session-guards';

// The shell comes with the shell chunk (app/shell-chunk.ts): the login screen does not load it. Its services
// column (and a phone's first tab) speaks the apps namespace, which loads with it rather than after
// it renders.
const ShellRoute = lazyRoute('shell', loadShellChunk, (m) => m.ShellRoute, ['apps']);

type Settled<T> = { value: T } | { error: unknown };

/**
 * Renders a guard's decision: at once when it is known, 'Загрузка...' while the server answers.
 * Not a Suspense fallback: a page revealed after one is held by React for at least 300 ms, which
 * on a reload would keep the portal waiting after its data has arrived. The answer renders as a
 * transition: the shell's first render is the largest of the page, and a transition yields to the
 * browser every few milliseconds instead of holding the main thread for all of it (the placeholder
 * stays until it is done).
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
    const settle = (outcome: Settled<T>) => {
      if (live) startTransition(() => setSettled(outcome));
    };
    decision.then(
      (value) => settle({ value }),
      (error: unknown) => settle({ error }),
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

/** `/` goes to the portal when the browser is online, otherwise to the offline page. */
export function RootRedirect() {
  return <Navigate to={isOnline() ? '/lms' : '/lms/offline'} replace />;
}

/** The landing section (news at /lms): its chunk comes with the shell's. */
const landingSection = () => SECTIONS.find((section) => section.path === '/lms')?.Component;

/**
 * What a login leads to, loaded while the server checks the password (or, for a returning user,
 * with the session check as the page starts, not after the first render): the shell chunk (the shell,
 * the first screen's requests, the store of the data kept offline) and the landing section. On a
 * phone the main screen opens on its sections tab (the default tab), which is part of the shell:
 * the news chunk would only take bandwidth from it. A chunk that fails is reported by the route
 * that renders it.
 */
export function loadShellAhead(): void {
  void Promise.all([
    loadShellChunk(),
    ShellRoute.preload(),
    isMobile.value ? undefined : landingSection()?.preload(),
  ]).catch(() => undefined);
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
    prepare: loadShellAhead,
    enter: (user: PortalUser) => {
      // The requests start with the shell chunk, not after the landing section's chunk as well.
      loadShellAhead();
      void loadShellChunk()
        .then((shellChunk) => shellChunk.prefetchFirstScreen(client, queryClient, user))
        .catch(() => undefined);
      // Back to the screen a session that ended left (once, for the same person), else the main screen.
      const to = takeReturn(user) ?? '/lms';
      // A new session starts with none of the choices this tab held (discipline, class,
      // conversation): they were the ended session's, perhaps another person's, and the shell
      // writes held choices into the address. A screen returned to names its own in its address.
      resetAcademicSelection();
      startTransition(() => void navigate(to, { replace: true }));
    },
  };
}

/** How long the login page waits at most for its logo before fetching what comes after it. */
const SHOWN_WAIT_MS = 5_000;

/**
 * Once the login page is whole (its logo, the largest thing it shows, has arrived: see
 * `onShown`) and the browser idles, what the first screen after a login needs is fetched at low
 * priority (fetchFirstScreenAhead: the shell chunk, the news screen, their styles and translations),
 * then, at the next idle moment, run: the shell chunk and the shell's and the news screen's chunks are
 * ready before the person presses 'Войти', and after it only the sign-in call and the first
 * screen's data cross the network. (The news screen too on a phone, which opens on its sections
 * tab: the news is its next tab.) Returns the page's `onShown`.
 */
function useFirstScreenAhead(): () => void {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), SHOWN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  useEffect(() => {
    if (!shown) return;
    let cancel = whenIdleAfterPaint(() => {
      void fetchFirstScreenAhead().then(() => {
        cancel = whenIdleAfterPaint(() => {
          loadShellAhead();
          void landingSection()
            ?.preload()
            .catch(() => undefined);
        });
      });
    });
    return () => cancel();
  }, [shown]);
  return () => setShown(true);
}

function LoginScreen(props: LoginScreenData) {
  const { prepare, enter } = useEnterShell();
  const shown = useFirstScreenAhead();
  return <LoginPage {...props} onPrepare={prepare} onSignedIn={enter} onShown={shown} />;
}

/** /lms/login: a signed-in user goes on to the portal; otherwise the login screen. */
export function LoginRoute() {
  const decision = useDecision(loginScreen);
  return (
    <Decided decision={decision}>
      {(screen) =>
        screen === 'shell' ? <Navigate to="/lms" replace /> : <LoginScreen {...screen} />
      }
    </Decided>
  );
}

/**
 * The first screen's requests (first-screen-requests.ts), sent with the session check before the
 * shell chunk's code has arrived: the calls the first screen's prefetch (prefetch-first-screen.ts) makes for this user on this
 * layout, which take these answers (see withPrefetchedAnswers) instead of asking again.
 */
export function askFirstScreenAhead(client: LmsClient, user: PortalUser): void {
  for (const { method, path, body } of firstScreenRequests(user, currentLayout())) {
    askAhead(client, method, path, body);
  }
}

/** Clients whose returning user's shell chunk has started: once per page. */
const returning = new WeakSet<object>();

/**
 * A returning user (a `token` cookie, the server still to confirm it): the shell chunk loads, and the
 * first screen's requests go out beside the session check for the person this device signed in
 * last rather than one round trip after it (see prefetchFirstScreenReturning); `confirmed` is whom the check
 * lets in. The page's start (main.tsx) calls it before the first render, the shell's guard when
 * it opens; whichever comes first starts it.
 */
export function startReturningUser(deps: SessionDeps, confirmed: Promise<PortalUser | null>): void {
  if (returning.has(deps.client)) return;
  returning.add(deps.client);
  const expected = storedUser();
  if (expected) {
    askFirstScreenAhead(deps.client, expected);
    void confirmed.then((user) => {
      if (user?.uid !== expected.uid) forgetPrefetchedAnswers(deps.client);
    });
  } else {
    // No one is kept on this device (its storage was cleared, or another browser): the first
    // screen's requests go out the moment the check names the person (index.html's boot script
    // sent it, and those that name no one, before the scripts had arrived), not once the shell chunk
    // has arrived as well.
    void confirmed.then((user) => {
      if (user) askFirstScreenAhead(deps.client, user);
    });
  }
  void loadShellChunk()
    .then((shellChunk) =>
      shellChunk.prefetchFirstScreenReturning(deps.client, deps.queryClient, expected, confirmed),
    )
    .catch(() => undefined);
}

/** /lms and its sections: the shell for a teacher or a student, the login screen for anyone else. */
export function ShellGate() {
  const decision = useDecision((deps) => {
    const entering = canEnterShell(deps);
    // While the server checks the token, the shell chunk (and the landing section's chunk) load, and
    // the first screen's requests go out beside the check (unless the page's start has begun
    // them already). (After a login the user is known at once and the login screen has done both.)
    if (entering instanceof Promise) {
      loadShellAhead();
      startReturningUser(
        deps,
        entering.then((entered) => {
          const user = entered ? cachedUser(deps) : null;
          return isPortalUser(user) ? user : null;
        }),
      );
    }
    return entering;
  });
  return (
    <Decided decision={decision}>
      {(entering) => (entering ? <ShellRoute /> : <Navigate to="/lms/login" replace />)}
    </Decided>
  );
}
