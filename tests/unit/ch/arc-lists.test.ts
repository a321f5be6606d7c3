import { describe, expect, it } from "vitest";
import { ArcLists } from "@/engine/network/ch/arc-lists";
import { rng } from "../network/helpers";

const listOf = (l: ArcLists, v: number) => [...l.pool.subarray(l.start[v], l.start[v] + l.length[v])];

describe("ArcLists", () => {
  it("behaves like one JS array per node through growth, moves, swap-removal and clearing", () => {
    const r = rng(11), n = 50;
    const lists = new ArcLists(Uint32Array.from({ length: n }, (_, v) => v % 3)); // some start with no room
    const ref: number[][] = Array.from({ length: n }, () => []);
    const firstPool = lists.pool;
    for (let step = 0; step < 20_000; step++) {
      const v = Math.floor(r() * n), x = r();
      if (x < 0.6) {
        const arc = step;
        lists.push(v, arc); ref[v].push(arc);
      } else if (x < 0.95 && ref[v].length > 0) {
        const arc = ref[v][Math.floor(r() * ref[v].length)];
        lists.remove(v, arc);
        const i = ref[v].indexOf(arc);
        ref[v][i] = ref[v][ref[v].length - 1]; ref[v].pop();
      } else if (x >= 0.95) {
        lists.clear(v); ref[v] = [];
      }
    }
    expect(lists.pool).not.toBe(firstPool); // the pool grew on the way
    for (let v = 0; v < n; v++) expect(listOf(lists, v), `node ${v}`).toEqual(ref[v]);
  });

  it("refuses to remove an arc the list does not hold", () => {
    const lists = new ArcLists(new Uint32Array([2]));
    lists.push(0, 7);
    expect(() => lists.remove(0, 8)).toThrow(/not in the list/);
  });
});
