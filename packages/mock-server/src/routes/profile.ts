// Area "profile": the signed-in person's card.
import { createRouter, getSession, okFor } from '../http.js';
import { toProfileData } from '../world/profile.js';
import { whoIs } from '../world/sessions.js';
import type { RouteDeps } from './route-deps.js';

// The body's uid and role only have to be valid: the session says whose card it is (the
// operation declares no 403, so a foreign uid is not refused, it is simply not looked at).
export const profileRoutes = ({ store }: RouteDeps) =>
  createRouter().post('/api/profile/data.json', (c) => {
    const { person } = whoIs(store, getSession(c));
    return okFor<'profileGetData'>(c, toProfileData(store, person));
  });
