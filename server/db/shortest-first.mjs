// The order in which waiting database work gets a connection: PGlite's one, on its
// thread (pglite-worker.mjs). Plain JavaScript so that the worker loads it as it is.
//
// In arrival order, a page of the list (a third of a millisecond) waited behind every search that
// came before it: on the list benchmark plain pages and searches both took 34 ms at p95 on PGlite,
// all of it waiting. Here what waits gets a connection shortest expected first: work is expected
// to take what work of the same shape took lately (a statement's SQL and which of its parameters
// are null, so `notice_list` without a search term, a plain page, is told from a search; a slow
// average over the last fifty or so, so that one cheap search does not pass for a plain page).
// Nothing waits longer than OVERDUE_MS behind shorter work: once the oldest has waited that long,
// it goes first (arrival order among those). A caller's statements keep their order (it waits for
// each answer); concurrent callers never had one. With a connection free, nothing waits.
//
// Not used for the PostgreSQL pool: tried in front of its 10 connections, plain pages went from
// p95 16 to 20 ms to 17 to 20 ms and searches 8 ms slower. There the wait is for the CPU (the
// database and the service share two cores), not for a connection.

export const OVERDUE_MS = 100;
const MEMORY = 0.98;
const MAX_SHAPES = 1_000;

/** The shape of a statement: its SQL and which of its parameters are null. */
export const shapeOf = (sql, params = []) => `${sql}|${params.map((p) => (p === null || p === undefined ? 0 : 1)).join('')}`;

/**
 * `run(shape, work)` starts `work` (a function returning a promise) when one of `slots`
 * connections is free and it is the one to go; `before` runs before each choice (the worker
 * takes in what has arrived meanwhile); work that has waited `overdueMs` goes first.
 */
export function shortestFirst({ slots = 1, before = () => undefined, overdueMs = OVERDUE_MS } = {}) {
  const waiting = [];
  const expected = new Map();
  let running = 0;
  let pumping = false;

  function choose() {
    if (performance.now() - waiting[0].since >= overdueMs) return 0;
    let next = 0;
    let best = Infinity;
    for (let i = 0; i < waiting.length; i++) {
      const score = expected.get(waiting[i].shape) ?? 0;
      if (score < best) [next, best] = [i, score];
    }
    return next;
  }

  function learn(shape, took) {
    const lately = expected.get(shape);
    if (lately === undefined && expected.size >= MAX_SHAPES) expected.clear();
    expected.set(shape, lately === undefined ? took : lately * MEMORY + took * (1 - MEMORY));
  }

  function pump() {
    // `before` may bring in more work: it joins the choice under way.
    if (pumping) return;
    pumping = true;
    try {
      before();
      while (running < slots && waiting.length) {
        const [work] = waiting.splice(choose(), 1);
        running++;
        const started = performance.now();
        void work.start().finally(() => {
          running--;
          learn(work.shape, performance.now() - started);
          pump();
        });
      }
    } finally {
      pumping = false;
    }
  }

  return {
    run(shape, work) {
      return new Promise((resolve, reject) => {
        waiting.push({ shape, since: performance.now(), start: () => Promise.resolve().then(work).then(resolve, reject) });
        pump();
      });
    },
    /** How many wait for a connection. */
    get waiting() {
      return waiting.length;
    },
  };
}
