// Area "profile": the signed-in person's card.
import { createRouter, getSession, okFor } from '../http.js';
import { toProfileData } from '../world/profile/profile.js';
import { whoIs } from '../world/core/sessions.js';
import type { RouteDeps } from './route-deps.js';

// The session says whose card it is; another person's uid or role in the body has been refused
// (403) by x-owner (src/ownership.ts) before this handler.
export const profileRoutes = ({ store }: RouteDeps) =>
  createRouter().post('/api/profile/data.json', (c) => {
    const { person } = whoIs(store, getSession(c));
    return okFor<'profileGetData'>(c, toProfileData(store, person));
  });
