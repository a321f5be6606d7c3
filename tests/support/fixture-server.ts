// What the stand-ins of external services share (geocoder-replay.ts, open-meteo-fixture.ts): answers held back
// for a slow mode, and listening on a free local port with a close that cancels them and cuts open connections.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Answers held back (`later`); `listen` starts the server and gives its root and a close that cancels them. */
export function heldAnswers() {
  const timers = new Set<NodeJS.Timeout>();
  return {
    later(ms: number, answer: () => void): void {
      const t = setTimeout(() => { timers.delete(t); answer(); }, ms);
      timers.add(t);
    },
    async listen(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}`,
        close: () => {
          for (const t of timers) clearTimeout(t);
          server.closeAllConnections();
          return new Promise((resolve) => server.close(() => resolve()));
        },
      };
    },
  };
}
