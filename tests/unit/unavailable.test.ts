import { expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/server/http/unavailable";

it("recognises a database that went away, however the driver wraps it", () => {
  expect(isDatabaseUnavailable(Object.assign(new Error("Database error"), { code: "57P01" }))).toBe(true);
  expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error("Transaction API error"), { code: "P2028" }))).toBe(true);
  expect(isDatabaseUnavailable(new Error("wrapped", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }))).toBe(true);
  expect(isDatabaseUnavailable({ originalCode: "08006", message: "connection failure" })).toBe(true);
});

it("leaves every other error a 500", () => {
  expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
  expect(isDatabaseUnavailable(null)).toBe(false);
  expect(isDatabaseUnavailable("text")).toBe(false);
});
