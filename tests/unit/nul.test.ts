import { expect, it } from "vitest";
import { nulPlaces } from "@/server/http/nul";

it("finds U+0000 in strings and keys at any depth, with the path to it", async () => {
  expect(await nulPlaces({ a: "ok", b: ["x", "y\u0000"], c: { "k\u0000": 1, d: { e: "\u0000" } } })).toEqual([["b", 1], ["c", "k\u0000"], ["c", "d", "e"]]);
  expect(await nulPlaces("a\u0000")).toEqual([[]]);
  expect(await nulPlaces({ a: 1, b: null, c: [true, 2.5, "fine"] })).toEqual([]);
});

it("walks a million-deep array without overflowing the stack, and stops at the limit", async () => {
  const deep = JSON.parse("[".repeat(1_000_000) + '"\\u0000"' + "]".repeat(1_000_000));
  expect((await nulPlaces(deep))[0]).toHaveLength(1_000_000);
  expect(await nulPlaces(Array.from({ length: 100 }, () => "\u0000"), 5)).toHaveLength(5);
});
