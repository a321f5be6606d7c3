import type { NextConfig } from "next";

const config: NextConfig = {
  // Native and driver modules stay outside the bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "@prisma/client"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
