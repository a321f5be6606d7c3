// The server's own words (a plan's warnings, why a stop is there, the weather it assumed) in the page's
// language: the result keeps each in English with its message (engine/text), and a language with
// templates here says the message in its own words. English, a code this version lacks, or words
// that came from elsewhere (code "text") read as the server wrote them.
import { ENGLISH_TEMPLATES } from "@/engine/text/english";
import { renderMessage, type LooseMessage, type TextMessage, type Templates } from "@/engine/text/message";
import { FORMAT_LOCALES, type AppLocale } from "./locales";
import de from "./server-text/de.json";

const TEMPLATES: Record<AppLocale, Templates | null> = { en: null, de: de as Templates };

const known = (m: LooseMessage): m is TextMessage => m.code !== "text" && Object.hasOwn(ENGLISH_TEMPLATES, m.code);

/** `text` in `locale`: its message in that language's words where there are any, else `text` itself. */
export function serverText(text: string, message: LooseMessage | null | undefined, locale: AppLocale): string {
  const templates = TEMPLATES[locale];
  if (!templates || !message || !known(message)) return text;
  try {
    return renderMessage(message, FORMAT_LOCALES[locale], templates);
  } catch {
    return text; // a message this version cannot read (values of another shape): its English words
  }
}

/** A result's warnings in `locale`, in order, each once. */
export function warningTexts(r: { warnings?: string[] | null; warning_messages?: readonly LooseMessage[] | null }, locale: AppLocale): string[] {
  const texts = r.warnings ?? [];
  const messages = r.warning_messages?.length === texts.length ? r.warning_messages : null;
  return [...new Set(texts.map((t, i) => serverText(t, messages?.[i], locale)))];
}
