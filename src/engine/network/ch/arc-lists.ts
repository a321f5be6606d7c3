// One growable list of arc ids per node, all in one typed array: a country's millions of nodes
// would otherwise be millions of JS arrays on the heap. A list that outgrows its block moves to
// a block twice as large at the end (the old block is left unused); removal swaps in the last.
export class ArcLists {
  /** Read entries through this after any push to another list: a push may replace it. */
  pool: Uint32Array;
  readonly start: Uint32Array;
  readonly length: Uint32Array;
  private readonly cap: Uint32Array;
  private used = 0;

  /** Reserves each node's initial capacity. */
  constructor(capacity: Uint32Array) {
    const n = capacity.length;
    this.start = new Uint32Array(n); this.length = new Uint32Array(n); this.cap = Uint32Array.from(capacity);
    let total = 0;
    for (let v = 0; v < n; v++) { this.start[v] = total; total += capacity[v]; }
    this.used = total;
    this.pool = new Uint32Array(Math.max(16, total * 2));
  }

  push(v: number, arc: number): void {
    if (this.length[v] === this.cap[v]) this.move(v, Math.max(2, this.cap[v] * 2));
    this.pool[this.start[v] + this.length[v]++] = arc;
  }

  /** Removes one occurrence of arc (present), moving the last entry into its place. */
  remove(v: number, arc: number): void {
    const s = this.start[v], last = s + this.length[v] - 1;
    for (let i = s; i <= last; i++) {
      if (this.pool[i] === arc) { this.pool[i] = this.pool[last]; this.length[v]--; return; }
    }
    throw new Error(`arc ${arc} not in the list of node ${v}`);
  }

  clear(v: number): void { this.length[v] = 0; }

  private move(v: number, cap: number): void {
    if (this.used + cap > this.pool.length) {
      const grown = new Uint32Array(Math.max(this.pool.length * 2, this.used + cap));
      grown.set(this.pool.subarray(0, this.used));
      this.pool = grown;
    }
    this.pool.copyWithin(this.used, this.start[v], this.start[v] + this.length[v]);
    this.start[v] = this.used; this.cap[v] = cap;
    this.used += cap;
  }
}
