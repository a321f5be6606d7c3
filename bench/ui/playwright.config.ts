// `npm run bench:ui`: the web app's timings in Chromium against the production
// build (`npx next build` first), printed, never asserted. Same server setup as
// the end-to-end tests, on its own port and database.
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import base from "../../e2e/playwright.config";

type WebServer = NonNullable<Extract<PlaywrightTestConfig["webServer"], { command: string }>>;
const server = base.webServer as WebServer;

const PORT = Number(process.env.BENCH_UI_PORT ?? 3190);

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: /.*\.bench\.ts$/,
  globalSetup: "../../e2e/global-setup.ts",
  timeout: 300_000,
  retries: 0,
  reporter: "list",
  outputDir: "../../artifacts/test-results/bench-ui",
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    ...server,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    env: { ...server.env, PORT: String(PORT), DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./.data/e2e.db" },
  },
});
