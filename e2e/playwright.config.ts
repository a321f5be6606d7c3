// End-to-end tests of the web UI against a production build (`npx next build` first).
// Browser: Debian's Chromium (`apt-get install chromium`); `npx playwright install` cannot download here.
// Paths here are relative to e2e/; the server runs from the repository root.
import { defineConfig } from "@playwright/test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? "file:./.data/e2e.db";

export default defineConfig({
  testDir: ".",
  globalSetup: "./global-setup.ts",
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never", outputFolder: "../artifacts/playwright-report" }]] : "list",
  outputDir: "../artifacts/test-results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: "en-GB",
    timezoneId: "Europe/Berlin",
    // No trace: recording one for every test (to keep a failing one's) cost the shared cores of the check more
    // than its screenshots and error context are worth; `--trace on` when debugging a failure.
    trace: "off",
    screenshot: "only-on-failure",
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: "npm run start",
    cwd: ROOT,
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATABASE_URL,
      IN_PROCESS_WORKER: "on",
      NODE_ENV: "production",
      // /metrics is closed without a token (or METRICS_PUBLIC=true): headers.spec.ts scrapes with this one.
      METRICS_TOKEN: "e2e-metrics-token",
    },
  },
});
