# syntax=docker/dockerfile:1
#
# Two images from one file:
#   app   (the default, last stage): the Next.js standalone server, production mode, as user node.
#   tools (--target tools): the sources with production dependencies only, for the one-shot
#         migration (the default command), `npm run user:create`, `npm run release-check` and
#         the bank-systems simulator (`node_modules/.bin/tsx simulator/main.ts`, demo only).
# Both refuse to start in production mode without their settings (see README, "Containers").

ARG NODE_IMAGE=node:20-bookworm-slim

# Every dependency, to build with.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The production build, as a standalone server (next.config.ts reads BUILD_STANDALONE).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 BUILD_STANDALONE=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# Production dependencies only (tsx among them: the tools run TypeScript directly).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS tools
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY . .
USER node
CMD ["node_modules/.bin/tsx", "scripts/migrate.ts"]

FROM ${NODE_IMAGE} AS app
# NEXT_MANUAL_SIG_HANDLE leaves SIGTERM to the app, which drains running turns before it exits.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 NEXT_MANUAL_SIG_HANDLE=true PORT=3000 HOSTNAME=0.0.0.0
WORKDIR /app
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
RUN mkdir -p .next/cache && chown node:node .next/cache
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
