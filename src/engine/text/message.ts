// The words a plan says (warnings, why a stop is there), as a code and values as well as in English:
// the result keeps the English text (the API's language) and, beside it, the message, so the web app
// says the same in the dispatcher's language from its own templates (ICU MessageFormat, the format
// of its catalogs). Values are plain JSON; how one reads is told by its name:
//   *_time  an instant (RFC 3339), read on the clock of the `zone` value;
//   *_min   a duration in minutes ("9 h", "9 h 30 min", "45 min");
//   *_pct   a fraction, read as a whole percent ("80 %");
//   a list of messages: each read in turn, joined by "; " where the name ends in _list, else ", ";
// other numbers are formatted where the template says `{x, number}`; strings are names and ids.
import { IntlMessageFormat } from "intl-messageformat";
import { clockText } from "../time/display";
import { ENGLISH_TEMPLATES, type MessageCode } from "./english";

export type { MessageCode } from "./english";

export type MessageValue = string | number | TextMessage[];
export type MessageValues = Readonly<Record<string, MessageValue>>;

export interface TextMessage {
  code: MessageCode;
  values: MessageValues;
}

/** A message with its English words, as the engine produces it. */
export interface Said extends TextMessage {
  text: string;
}

/** Templates of one language by code; a code it lacks reads in English. */
export type Templates = Readonly<Partial<Record<MessageCode, string>>>;

/** Durations: "9 h", "9 h 30 min", "45 min". */
export function durationText(min: number): string {
  const total = Math.round(min);
  const h = Math.floor(total / 60), m = total % 60;
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${String(m).padStart(2, "0")} min` : `${h} h`;
}

const compiled = new Map<string, IntlMessageFormat>();

function formatter(template: string, locale: string): IntlMessageFormat {
  const key = `${locale}\u0000${template}`;
  let f = compiled.get(key);
  if (!f) compiled.set(key, (f = new IntlMessageFormat(template, locale)));
  return f;
}

function valuesFor(values: MessageValues, locale: string, templates: Templates): Record<string, string | number> {
  const zone = typeof values.zone === "string" ? values.zone : null;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) out[k] = v.map((m) => renderMessage(m, locale, templates)).join(k.endsWith("_list") ? "; " : ", ");
    else if (k.endsWith("_time") && typeof v === "string") out[k] = clockText(v, zone, "day", locale);
    else if (k.endsWith("_min") && typeof v === "number") out[k] = durationText(v);
    else if (k.endsWith("_pct") && typeof v === "number") out[k] = `${Math.round(v * 100)} %`;
    else out[k] = v;
  }
  return out;
}

/** The message in `locale` ("en-GB", "de-DE") from `templates`, each code they lack in English. */
export function renderMessage(m: TextMessage, locale: string, templates: Templates = ENGLISH_TEMPLATES): string {
  const template = templates[m.code] ?? ENGLISH_TEMPLATES[m.code];
  if (template === undefined) return m.code;
  const text = formatter(template, locale).format(valuesFor(m.values, locale, templates));
  return typeof text === "string" ? text : String(text);
}

/** What the engine says: the message and its English words. */
export function say(code: MessageCode, values: MessageValues = {}): Said {
  const m = { code, values };
  return { ...m, text: renderMessage(m, "en-GB") };
}

/** A message without its English words (for nesting in another's values). */
export const part = (code: MessageCode, values: MessageValues = {}): TextMessage => ({ code, values });

/** Strings that come from elsewhere (a request's own words, a server's): kept as they are. */
export const verbatim = (text: string): Said => say("text", { text });

/** The result's `warnings` (English) and `warning_messages` (the same, as messages), in one order. */
export function warningFields(said: readonly Said[]): { warnings: string[]; warning_messages: TextMessage[] } {
  return { warnings: said.map((s) => s.text), warning_messages: said.map(({ code, values }) => ({ code, values })) };
}

/** A result's warnings as said, pairing each text with its message (a text with none: verbatim). */
export function saidOf(r: { warnings?: string[] | null; warning_messages?: readonly LooseMessage[] | null }): Said[] {
  const texts = r.warnings ?? [];
  const messages = r.warning_messages ?? [];
  return texts.map((text, i) => (messages.length === texts.length ? { ...(messages[i] as TextMessage), text } : verbatim(text)));
}

/** A message as stored or received: its code may be one this version does not know. */
export interface LooseMessage {
  code: string;
  values: Readonly<Record<string, string | number | readonly LooseMessage[]>>;
}
