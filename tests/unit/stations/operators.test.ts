import { describe, expect, it } from "vitest";
import { normalizeOperators, operatorDisplayNames, operatorKey } from "@/engine/stations/operators";

describe("operator normalization", () => {
  it("ignores case, punctuation, whitespace and legal forms", () => {
    const same = (names: string[]) => expect(new Set(names.map(operatorKey)).size, names.join(" | ")).toBe(1);
    same(["EnBW Energie Baden-Württemberg AG", "EnBW Energie Baden-Württemberg  AG ", "ENBW energie baden württemberg"]);
    same(["ALDI GmbH & Co. KG", "Aldi GmbH & Co KG", "ALDI"]);
    same(["ČEZ, a. s.", "CEZ a.s.", "ČEZ"]);
    same(["Lidl sp. z o.o. sp. k.", "Lidl Sp. z o.o.", "LIDL"]);
    same(["IONITY GmbH, odštěpný závod", "IONITY GmbH", "Ionity"]);
    same(["Fieten Electric B.V.", "Fieten Electric BV", "fieten electric"]);
    same(["AB Auto Brejla s.r.o.", "AB Auto Brejla, s. r. o."]);
  });

  it("keeps different operators apart", () => {
    expect(operatorKey("Stadtwerke München GmbH")).not.toBe(operatorKey("Stadtwerke Münster GmbH"));
    expect(operatorKey("innogy SE")).not.toBe(operatorKey("innogy eMobility Solutions GmbH"));
    expect(operatorKey("AG")).toBe("ag"); // a name that is only a legal form keeps a key
  });

  it("displays the most frequent spelling and rewrites items in place", () => {
    const items = [
      { operator: "EnBW Energie Baden-Württemberg  AG " },
      { operator: "EnBW Energie Baden-Württemberg AG" },
      { operator: "EnBW Energie Baden-Württemberg AG" },
      { operator: "Tesla" },
    ];
    normalizeOperators(items);
    expect(items.map((i) => i.operator)).toEqual([
      "EnBW Energie Baden-Württemberg AG", "EnBW Energie Baden-Württemberg AG", "EnBW Energie Baden-Württemberg AG", "Tesla",
    ]);
    expect(operatorDisplayNames(["b GmbH", "B GmbH"]).get(operatorKey("b"))).toBe("B GmbH"); // tie: stable order
  });
});
