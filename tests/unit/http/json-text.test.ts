// Parts cut out of stored JSON text are what parsing and serializing them would give.
import { expect, it } from "vitest";
import { mulberry32 } from "../../support/seeded";
import { arrayElementText, valueEnd, withoutMemberText } from "@/server/http/json-text";

const tricky = ['a"b', "c\\", '\\"', "{[", "]}", "x\\\\", "", "ü€😀", '",', "\u0001"];

/** A random JSON value with strings that hold quotes, backslashes and brackets. */
function value(random: () => number, depth = 0): unknown {
  const r = random();
  if (depth > 3 || r < 0.3) return [null, true, false, 0, -1.5e-7, 12345.678, tricky[Math.floor(random() * tricky.length)]][Math.floor(random() * 7)];
  if (r < 0.6) return Array.from({ length: Math.floor(random() * 4) }, () => value(random, depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, (_, i) => [`${tricky[i % tricky.length]}${i}`, value(random, depth + 1)]));
}

it("the k-th element of an array, as serializing it would write it", () => {
  const random = mulberry32(11);
  for (let n = 0; n < 300; n++) {
    const list = Array.from({ length: Math.floor(random() * 6) }, () => value(random));
    const text = JSON.stringify(list);
    for (let k = 0; k <= list.length; k++) expect(arrayElementText(text, k)).toBe(k < list.length ? JSON.stringify(list[k]) : undefined);
    expect(arrayElementText(JSON.stringify(list, null, 2), 0)).toEqual(list.length ? JSON.stringify(list[0], null, 2).replace(/\n/g, "\n  ") : undefined);
  }
  expect(arrayElementText("{}", 0)).toBeUndefined();
  expect(arrayElementText('[{"a":', 0)).toBeUndefined();
});

it("an object without one member, as deleting it and serializing would write it", () => {
  const random = mulberry32(12);
  for (let n = 0; n < 300; n++) {
    const keys = ["sections", "available_charging_stations", "totals", 'a"b'].filter(() => random() < 0.7);
    const object = Object.fromEntries(keys.map((k) => [k, value(random)]));
    const without = { ...object };
    delete without.available_charging_stations;
    expect(withoutMemberText(JSON.stringify(object), "available_charging_stations")).toBe(JSON.stringify(without));
  }
  expect(withoutMemberText('{ "a" : 1 , "b" : [2] }', "a")).toBe('{ "b" : [2] }');
  expect(withoutMemberText('{ "a" : 1 , "b" : [2] }', "b")).toBe('{ "a" : 1 }');
  expect(withoutMemberText('{"b":{"a":1}}', "a")).toBe('{"b":{"a":1}}'); // top-level members only
});

it("a value's end, or -1 where it does not end", () => {
  expect(valueEnd('{"a":"}"} tail', 0)).toBe(9);
  expect(valueEnd(' "x\\\\" ', 0)).toBe(6);
  expect(valueEnd("null,", 0)).toBe(4);
  expect(valueEnd('{"a":[1,2', 0)).toBe(-1);
  expect(valueEnd('"abc', 0)).toBe(-1);
});
