// Growable typed columns: the road readers and the graph builder keep every per-node and per-way
// value in these, so a country's network lives outside the JS heap (no object per node or way).
export type TypedArray = Float64Array | Float32Array | Uint32Array | Int32Array | Uint8Array | Int8Array;

/** Append-only typed column that doubles as it fills. */
export class Column<T extends TypedArray> {
  length = 0;
  constructor(public data: T) {}
  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new (this.data.constructor as new (n: number) => T)(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }
  /** The filled part, as its own array. */
  done(): T {
    return this.data.slice(0, this.length) as T;
  }
}

export const column = <T extends TypedArray>(C: new (n: number) => T, capacity = 1024) => new Column(new C(capacity));

/** Strings by index, each stored once. */
export class StringTable {
  readonly strings: string[] = [];
  private index = new Map<string, number>();
  /** Index of s, or -1 for none. */
  of(s: string | null | undefined): number {
    if (!s) return -1;
    let i = this.index.get(s);
    if (i === undefined) { i = this.strings.length; this.strings.push(s); this.index.set(s, i); }
    return i;
  }
}
