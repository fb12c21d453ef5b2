# syntax=docker/dockerfile:1
# Tasklane: the Next.js standalone server. Migrations are applied by the app at start-up.
# The Node.js image is pinned to one release of the LTS line the image runs (Node.js 24 "Krypton",
# supported until 2028-04-30; docs/decisions/0006-toolchain-versions.md); change it here only.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# better-sqlite3 compiles its native addon when no prebuilt binary can be downloaded.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runner
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/app/data \
    MIGRATIONS_DIR=/app/drizzle
RUN groupadd --system --gid 1001 tasklane \
  && useradd --system --uid 1001 --gid tasklane --home-dir /app tasklane \
  && mkdir -p /app/data && chown tasklane:tasklane /app/data && chmod 700 /app/data
# The standalone output carries its own node_modules (native better-sqlite3 included), the static
# assets, and the client-address hook that server.js loads on its first line (the rate limits'
# client address comes from the socket, or TRUST_PROXY hops; docs/decisions/0012).
COPY --from=build --chown=tasklane:tasklane /app/.next/standalone ./
COPY --from=build --chown=tasklane:tasklane /app/drizzle ./drizzle
# The command line (README, Administration from the command line): `docker compose exec app
# tasklane admin list-users` runs /app/cli/admin.mjs, bundled by scripts/prepare-standalone.mjs.
RUN ln -s /app/tasklane /usr/local/bin/tasklane
USER tasklane
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server.js"]
