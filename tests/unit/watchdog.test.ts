import { spawn } from "node:child_process";
import { expect, it } from "vitest";

function runChild(code: string): Promise<{ signal: NodeJS.Signals | null; code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: process.cwd(), stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("exit", (c, signal) => resolve({ signal, code: c, stderr, ms: Date.now() - started })));
}

it("kills a process whose main thread is stuck past the armed deadline", async () => {
  const r = await runChild(`
    const { startWatchdog } = await import("./src/server/jobs/watchdog.ts");
    const dog = startWatchdog(50);
    dog.arm(Date.now() + 300);
    for (;;) {} // a plan that never returns
  `);
  expect(r.signal).toBe("SIGKILL");
  expect(r.stderr).toContain("planning ran past its time limit");
}, 30_000);

it("leaves a process alone once disarmed, and lets it exit", async () => {
  const r = await runChild(`
    const { startWatchdog } = await import("./src/server/jobs/watchdog.ts");
    const dog = startWatchdog(50);
    dog.arm(Date.now() + 300);
    const until = Date.now() + 100; while (Date.now() < until) {} // planning that ends in time
    dog.disarm();
    await new Promise((r) => setTimeout(r, 600));
    process.exit(0);
  `);
  expect([r.signal, r.code]).toEqual([null, 0]);
}, 30_000);
