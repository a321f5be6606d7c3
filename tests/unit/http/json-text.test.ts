// Parts cut out of stored JSON text are what parsing and serializing them would give.
import { expect, it } from "vitest";
import { mulberry32 } from "../../support/seeded";
import { memberText, valueEnd, withoutMemberText } from "@/server/http/json-text";

const tricky = ['a"b', "c\\", '\\"', "{[", "]}", "x\\\\", "", "ü€😀", '",', "\u0001"];

/** A random JSON value with strings that hold quotes, backslashes and brackets. */
function value(random: () => number, depth = 0): unknown {
  const r = random();
  if (depth > 3 || r < 0.3) return [null, true, false, 0, -1.5e-7, 12345.678, tricky[Math.floor(random() * tricky.length)]][Math.floor(random() * 7)];
  if (r < 0.6) return Array.from({ length: Math.floor(random() * 4) }, () => value(random, depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, (_, i) => [`${tricky[i % tricky.length]}${i}`, value(random, depth + 1)]));
}

it("an object without one member, as deleting it and serializing would write it", async () => {
  const random = mulberry32(12);
  for (let n = 0; n < 300; n++) {
    const keys = ["sections", "available_charging_stations", "totals", 'a"b'].filter(() => random() < 0.7);
    const object = Object.fromEntries(keys.map((k) => [k, value(random)]));
    const without = { ...object };
    delete without.available_charging_stations;
    expect(await withoutMemberText(JSON.stringify(object), "available_charging_stations")).toBe(JSON.stringify(without));
  }
  expect(await withoutMemberText('{ "a" : 1 , "b" : [2] }', "a")).toBe('{ "b" : [2] }');
  expect(await withoutMemberText('{ "a" : 1 , "b" : [2] }', "b")).toBe('{ "a" : 1 }');
  expect(await withoutMemberText('{"b":{"a":1}}', "a")).toBe('{"b":{"a":1}}'); // top-level members only
  // A member of megabytes, scanned in several slices: strings with brackets and quotes across their borders.
  const large = { totals: { a: 1 }, available_charging_stations: Array.from({ length: 40_000 }, (_, i) => ({ name: tricky[i % tricky.length].repeat(3), id: i })), after: [1] };
  expect(JSON.stringify(large).length).toBeGreaterThan(1_000_000);
  expect(await withoutMemberText(JSON.stringify(large), "available_charging_stations")).toBe('{"totals":{"a":1},"after":[1]}');
});

it("a member's value, as serializing it alone would write it; null where there is none", async () => {
  const random = mulberry32(7);
  for (let n = 0; n < 200; n++) {
    const object = Object.fromEntries(["totals", "sections", 'a"b'].filter(() => random() < 0.7).map((k) => [k, value(random)]));
    expect(await memberText(JSON.stringify(object), "sections")).toBe("sections" in object ? JSON.stringify(object.sections) : null);
  }
  expect(await memberText('{ "a" : 1 , "b" : [2] }', "b")).toBe("[2]");
  expect(await memberText('{"b":{"a":1}}', "a")).toBe(null); // top-level members only
  expect(await memberText("[1]", "a")).toBe(null);
});

it("a value's end, or -1 where it does not end", () => {
  expect(valueEnd('{"a":"}"} tail', 0)).toBe(9);
  expect(valueEnd(' "x\\\\" ', 0)).toBe(6);
  expect(valueEnd("null,", 0)).toBe(4);
  expect(valueEnd('{"a":[1,2', 0)).toBe(-1);
  expect(valueEnd('"abc', 0)).toBe(-1);
});
