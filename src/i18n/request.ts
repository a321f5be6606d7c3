// next-intl's request configuration (found by the plugin in next.config.mjs):
// the request's language and its messages, for the server components and, through
// the layout's NextIntlClientProvider, the client ones.
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE } from "./locales";
import { requestLocale } from "./negotiate";
import { MESSAGES } from "./messages";

export default getRequestConfig(async () => {
  const locale = requestLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  // Times are always formatted with the zone of the place they happen (components/planner/format.ts).
  return { locale, messages: MESSAGES[locale], timeZone: "UTC" };
});
