// One task at a time, tenants in turn: each tenant's tasks run in the order they
// came, and after one of them runs the tenant goes to the back of the line. A
// tenant that sends many plans at once thus delays another tenant's plan by at
// most the one in hand, not by all of its own.

interface Waiting {
  start: () => void;
}

export class TenantTurns {
  /** Tenants with tasks waiting, in turn order (a Map keeps insertion order). */
  private readonly waiting = new Map<number, Waiting[]>();
  private readonly inHandOf = new Map<number, number>();
  private running = false;
  /** Recent task durations, ms, for the wait a refused caller is told. */
  private readonly recentMs: number[] = [];

  /** Tasks of `tenantId` waiting or running. */
  pendingOf(tenantId: number): number {
    return (this.waiting.get(tenantId)?.length ?? 0) + (this.inHandOf.get(tenantId) ?? 0);
  }

  /** Median duration of the last tasks, ms (null before any). */
  medianMs(): number | null {
    if (this.recentMs.length === 0) return null;
    const sorted = [...this.recentMs].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }

  /** Runs `task` when it is `tenantId`'s turn. */
  run<T>(tenantId: number, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        const t0 = performance.now();
        this.inHandOf.set(tenantId, (this.inHandOf.get(tenantId) ?? 0) + 1);
        task().then(resolve, reject).finally(() => {
          const left = (this.inHandOf.get(tenantId) ?? 1) - 1;
          if (left > 0) this.inHandOf.set(tenantId, left);
          else this.inHandOf.delete(tenantId);
          this.recentMs.push(performance.now() - t0);
          if (this.recentMs.length > 20) this.recentMs.shift();
          this.running = false;
          this.next();
        });
      };
      const line = this.waiting.get(tenantId);
      if (line) line.push({ start });
      else this.waiting.set(tenantId, [{ start }]);
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [tenantId, line] = first.value;
    const task = line.shift()!;
    // To the back of the line, or out of it.
    this.waiting.delete(tenantId);
    if (line.length) this.waiting.set(tenantId, line);
    this.running = true;
    task.start();
  }
}
