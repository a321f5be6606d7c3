// A worker's polling loop: runs `step` while it finds work, then waits for a
// wake-up (a submit in this process, a database notification) or the poll interval.
import { log } from "../log";

export interface RunningWorker {
  wake(): void;
  stop(): Promise<void>;
}

/** `step` does one unit of work and says whether it found any. */
export function startLoop(step: () => Promise<boolean>, pollMs: number): RunningWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  const loop = (async () => {
    while (!stopped) {
      let worked = false;
      woken = false;
      try {
        worked = await step();
      } catch (e) {
        log.error({ err: e instanceof Error ? e.message : String(e) }, "worker loop error");
      }
      if (worked || stopped || woken) continue;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      wakeUp = undefined;
    }
  })();
  return {
    wake: () => {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wakeUp?.();
      await loop;
    },
  };
}

/** `slots` loops, each running `step(slot)`: woken and stopped together. */
export function startLoops(slots: number, step: (slot: number) => Promise<boolean>, pollMs: number): RunningWorker {
  const loops = Array.from({ length: Math.max(1, slots) }, (_, slot) => startLoop(() => step(slot), pollMs));
  return {
    wake: () => loops.forEach((l) => l.wake()),
    stop: async () => {
      await Promise.all(loops.map((l) => l.stop()));
    },
  };
}

/** A slot's own worker id (a lease names the slot that holds it); slot 0 keeps the worker's. */
export const slotWorkerId = (workerId: string, slot: number) => (slot === 0 ? workerId : `${workerId}#${slot}`);
