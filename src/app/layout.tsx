import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import "./globals.css";

// Every page renders per request: proxy.ts sends a Content-Security-Policy with
// a fresh nonce, and Next can only put that nonce on its scripts while rendering.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "E-truck planner",
  description: "Route and charging planning for electric trucks",
  // Static files in public/ (rendered from public/icon.svg by scripts/render-icons.ts).
  icons: {
    icon: [{ url: "/favicon.ico", sizes: "16x16 32x32 48x48" }, { url: "/icon.svg", type: "image/svg+xml" }],
    apple: "/apple-touch-icon.png",
  },
  manifest: "/manifest.webmanifest",
};

export const viewport: Viewport = { themeColor: "#0b5cad" };

// The request's language (src/i18n/request.ts): the page's lang, and the messages every client component reads.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
