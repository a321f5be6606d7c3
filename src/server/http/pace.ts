// Work of a request that runs on the web thread in slices: between them the event loop serves
// other requests and timers, so no request holds the thread for long however much it does.

/** Call `await pace()` between steps: it yields to the event loop once `sliceMs` have passed since the last yield. */
export function pacer(sliceMs = 4): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * A turn of the event loop between two heavy steps. Awaiting the database is not one: its synchronous
 * driver (better-sqlite3) resolves at once, and the code after it runs on in the same turn.
 */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
