// Facts of the mock server's seeded world that several tests name (no server is loaded here).

/**
 * A class of the mock world's demo teacher (501): practice (kind 2) of «Веб-разработка» (3001, 3
 * credits, semester 1) for ПИ-1-26 (group 101, the demo student's), as the visit log names it.
 */
export const DEMO_PRACTICE_CLASS = {
  id_teacher: 501,
  id_discipline: 3001,
  credits: 3,
  id_groupOrPorok: 101,
  isPotok: false,
  id_semesterOrWs: 1,
  id_vid_zaniatiy: 2,
} as const;
