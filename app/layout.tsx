import type { Metadata } from "next";
import "./globals.css";

// Every page renders per request: proxy.ts sends a Content-Security-Policy with
// a fresh nonce, and Next can only put that nonce on its scripts while rendering.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "E-truck planner",
  description: "Route and charging planning for electric trucks",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
