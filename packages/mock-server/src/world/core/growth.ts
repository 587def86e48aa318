// The growth world (--growth n, 1…100; createApp({ growth })): the portal's cost-growth benchmark
// (packages/web/bench/growth.mjs) times three screens at 1×, 10× and 100× their data, so n
// multiplies what those screens show: the e-library's books, the demo group's students and its own
// classes' lesson dates, and the demo teacher's conversation with the demo student. Without it (0,
// the default) the world is the usual one; with it, the ids of the students after the demo group
// move up or down with its size.

/** The largest growth: 100× the data of growth 1. */
export const MAX_GROWTH = 100;

/** The e-library holds this many books per unit of growth (20,000 at 100). */
export const GROWTH_BOOKS = 200;

/** The demo group (ПИ-1-26) has this many students per unit of growth (300 at 100). */
export const GROWTH_STUDENTS = 3;

/**
 * Each class of the demo group alone (practice, labs; not the stream's lectures) has this many
 * lesson dates, whatever the growth: every day but Sunday and the holidays from the start of its
 * semester, exam session included, before today (a world whose clock is frozen late in January has
 * all of them).
 */
export const GROWTH_LESSON_DATES = 120;

/** The demo teacher and the demo student have written this many messages per unit of growth. */
export const GROWTH_MESSAGES = 50;
