// The fleet day pages' title in the request's language (src/i18n/request.ts), for both addresses.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

export async function fleetDayMetadata(): Promise<Metadata> {
  const t = await getTranslations("fleetDay");
  return { title: t("pageTitle") };
}
