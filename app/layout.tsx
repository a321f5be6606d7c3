import type { Metadata } from "next";
import "./globals.css";

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
