import { describe, expect, it } from "vitest";
import { JsonSyntaxError, PACED_FROM_CHARS, parseJsonPaced } from "@/server/http/paced-json";
import { mulberry32 } from "../support/seeded";

/** Pads `json` past the paced threshold with white space at a place that keeps it the same JSON. */
const long = (json: string) => json + " ".repeat(PACED_FROM_CHARS);

function randomJson(rand: () => number, depth: number): unknown {
  const pick = Math.floor(rand() * (depth > 4 ? 5 : 8));
  const strings = ["", "a", "ü\u00e9", "\\", '"', "\n\t", "\u2028", "__proto__", "0", "12", "x".repeat(40)];
  switch (pick) {
    case 0: return null;
    case 1: return rand() < 0.5;
    case 2: return [0, -0, 1.5, -2e-7, 1e21, 123456789012, Math.round(rand() * 1e6) / 1e3][Math.floor(rand() * 7)];
    case 3:
    case 4: return strings[Math.floor(rand() * strings.length)];
    case 5: return Array.from({ length: Math.floor(rand() * 6) }, () => randomJson(rand, depth + 1));
    default: {
      // Built as text below, so that duplicate and integer-like keys reach the parser as written.
      return Object.fromEntries(Array.from({ length: Math.floor(rand() * 6) }, () => [strings[Math.floor(rand() * strings.length)], randomJson(rand, depth + 1)]));
    }
  }
}

describe("parseJsonPaced", () => {
  it("gives what JSON.parse gives: random documents made long, wide and deep", async () => {
    const rand = mulberry32(7);
    for (let n = 0; n < 40; n++) {
      const doc = JSON.stringify(Array.from({ length: 1 + Math.floor(rand() * 3000) }, () => randomJson(rand, 0)));
      const text = n % 2 ? long(doc) : `{"wrapped":${doc},"after":[${doc}]}`;
      expect(await parseJsonPaced(text)).toStrictEqual(JSON.parse(text));
    }
  });

  it("keeps the last of duplicate keys, JSON.parse's key order, and __proto__ as an own key", async () => {
    const wide = Array.from({ length: 9000 }, (_, i) => `"k${i % 4000}":${i}`).join(",");
    const text = `{"b":1,"2":2,"a":[${'{"x":1},'.repeat(12000)}{}],"1":3,"b":4,"__proto__":{"polluted":true},${wide}}`;
    const paced = (await parseJsonPaced(text)) as Record<string, unknown>;
    const plain = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(paced)).toEqual(Object.keys(plain));
    expect(paced).toStrictEqual(plain);
    expect(Object.getPrototypeOf(paced)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(paced, "__proto__")?.value).toEqual({ polluted: true });
    expect(paced.b).toBe(4);
  });

  it("builds a million-deep array and a third of a million empty objects", async () => {
    const deep = "[".repeat(400_000) + "]".repeat(400_000);
    let v = (await parseJsonPaced(deep)) as unknown[];
    let depth = 1;
    while (v.length) [v, depth] = [v[0] as unknown[], depth + 1];
    expect(depth).toBe(400_000);
    const many = `{"section_list":[${"{},".repeat(330_000)}{}]}`;
    expect(((await parseJsonPaced(many)) as { section_list: unknown[] }).section_list).toHaveLength(330_001);
  });

  it("lets the event loop run while it builds a long text", async () => {
    let ran = 0;
    const ticking = setInterval(() => ran++, 0);
    await parseJsonPaced(`[${"{},".repeat(330_000)}{}]`);
    clearInterval(ticking);
    expect(ran).toBeGreaterThan(2);
  });

  it("refuses what JSON.parse refuses, with the position of the fault", async () => {
    const bad: [string, number][] = [
      ['{"a":1,}', 7], ["[1,]", 3], ["[01]", 2], ["[1.]", 3], ["[-]", 2], ["[1e+]", 4], ['["a\u0001"]', 3], ['["\\x"]', 3], ['["\\u12g4"]', 6],
      ["[tru]", 1], ["[nul", 1], ["{'a':1}", 1], ['{"a" 1}', 5], ['{"a":1', 6], ["[1] 2", 4], ["", 0], ['"abc', 4], ["[+1]", 1], ["[.5]", 1], ["[NaN]", 1],
    ];
    for (const [text, at] of bad) {
      const padded = `${" ".repeat(PACED_FROM_CHARS)}${text}`;
      expect(() => JSON.parse(padded), text).toThrow(SyntaxError);
      const error = await parseJsonPaced(padded).then(() => null, (e: unknown) => e);
      expect(error, text).toBeInstanceOf(JsonSyntaxError);
      expect((error as JsonSyntaxError).position, text).toBe(PACED_FROM_CHARS + at);
    }
  });

  it("short texts are JSON.parse's own: the same error messages as before", async () => {
    await expect(parseJsonPaced('{"a":')).rejects.toThrow(SyntaxError);
    expect(await parseJsonPaced('{"a":[1,"x",null]}')).toEqual({ a: [1, "x", null] });
  });
});
