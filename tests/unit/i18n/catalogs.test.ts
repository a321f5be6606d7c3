// Every language has every message, with the same placeholders; the request's language is chosen as documented.
import { describe, expect, it } from "vitest";
import { requestLocale } from "@/i18n/negotiate";
import { MESSAGES } from "@/i18n/messages";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** The ICU argument names of a message ("{count, plural, …}" -> count), sorted. */
const args = (m: string) => [...new Set([...m.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((x) => x[1]))].sort();

describe("message catalogs", () => {
  const en = leaves(MESSAGES.en as Tree);
  it.each(Object.keys(MESSAGES).filter((l) => l !== "en"))("%s has exactly English's keys, each with its placeholders, none empty", (locale) => {
    const other = leaves(MESSAGES[locale as keyof typeof MESSAGES] as Tree);
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [k, v] of other) {
      expect(v.trim(), k).not.toBe("");
      expect(args(v), k).toEqual(args(en.get(k)!));
    }
  });
});

describe("the request's language", () => {
  it("the switch's cookie wins over the browser", () => {
    expect(requestLocale("de", "en-GB,en;q=0.9")).toBe("de");
    expect(requestLocale("en", "de-DE")).toBe("en");
  });
  it("else the browser's first language we have, by q", () => {
    expect(requestLocale(undefined, "de-AT,de;q=0.9,en;q=0.8")).toBe("de");
    expect(requestLocale(undefined, "fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7")).toBe("de");
    expect(requestLocale(undefined, "en;q=0.5,de;q=0.9")).toBe("de");
    expect(requestLocale(undefined, "en-US")).toBe("en");
  });
  it("English for none we have, no header, a cookie we do not know, or a malformed header", () => {
    expect(requestLocale(undefined, "fr-FR,pl")).toBe("en");
    expect(requestLocale(undefined, null)).toBe("en");
    expect(requestLocale("xx", "")).toBe("en");
    expect(requestLocale(undefined, "!!!,;;;q=x")).toBe("en");
    expect(requestLocale(undefined, "a".repeat(300))).toBe("en");
  });
});
