// Every message of every catalog is valid ICU as next-intl reads it: it formats without an error
// with its arguments and tags, and a message without either reads exactly as written (an
// apostrophe or brace that ICU would swallow shows up here, not on a page).
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/i18n/messages";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

const argNames = (m: string) => [...new Set([...m.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((x) => x[1]))];
const tagNames = (m: string) => [...new Set([...m.matchAll(/<([A-Za-z]\w*)>/g)].map((x) => x[1]))];

describe.each(Object.keys(MESSAGES) as (keyof typeof MESSAGES)[])("the %s catalog", (locale) => {
  const messages = leaves(MESSAGES[locale] as Tree);

  it.each(messages)("%s formats", (key, message) => {
    const errors: string[] = [];
    const t = createTranslator({ locale, messages: MESSAGES[locale], timeZone: "UTC", onError: (e) => errors.push(e.message) });
    const values: Record<string, string | number | ((chunks: string) => string)> = {};
    for (const a of argNames(message)) values[a] = 2;
    for (const tag of tagNames(message)) values[tag] = (chunks) => `[${chunks}]`;
    // The keys are checked by the compiler where the app uses them; here every key of the file is.
    const text = (t.markup as (k: string, v: typeof values) => string)(key, values);
    expect(errors, key).toEqual([]);
    expect(text, key).not.toMatch(/[{}]|<\/?[A-Za-z]/);
    if (!argNames(message).length && !tagNames(message).length && !message.includes("{")) expect(text, key).toBe(message);
  });
});
