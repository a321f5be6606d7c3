// The plan page's watch line says why a plan was re-planned in the page's language, by the watch's trigger
// (src/components/history/PlanWatchStatus.tsx; the API's `detail` is English and not shown there).
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/i18n/messages";

const en = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "planWatch" });
const de = createTranslator({ locale: "de", messages: MESSAGES.de, namespace: "planWatch" });
const link = (chunks: unknown) => `[${said(chunks)}]`;
/** A rich message's parts as one text. */
const said = (node: unknown): string => (Array.isArray(node) ? node.map(said).join("") : String(node));

describe("the plan watch's words", () => {
  it("a re-plan names its trigger and links the plan that replaces it, in English and German", () => {
    expect(said(en.rich("replanned", { at: "Sat 28 Nov, 14:03", trigger: "stop_unusable", id: "57", link }))).toBe(
      "Re-planned Sat 28 Nov, 14:03: a planned charging stop has no usable point at the planned arrival. The plan that replaces it: [plan #57].",
    );
    expect(said(de.rich("replanned", { at: "Sa. 28. Nov., 14:03", trigger: "behind_plan", id: "57", link }))).toContain("der Lkw meldet, dass er hinter dem Plan liegt");
    expect(said(de.rich("replanned", { at: "x", trigger: "something new", id: "1", link }))).toContain("der Plan galt nicht mehr");
  });

  it("an ended watch says why, each reason in its words", () => {
    for (const [reason, words] of [["released", "the plan was released"], ["finished", "the tour is over"], ["replan_failed", "its re-plan did not succeed"]]) {
      expect(en("ended", { at: "14:03", reason })).toBe(`No longer watched (14:03): ${words}.`);
    }
    expect(de("ended", { at: "14:03", reason: "finished" })).toBe("Nicht mehr überwacht (14:03): die Tour ist vorbei.");
  });
});
