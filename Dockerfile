# One image for the API and the worker (docs/OPERATIONS.md#container).
#   docker build -t pano .
#   docker run -p 3000:3000 -v pano-data:/data -e PAYMENTS=dev pano     # embedded database
# Node 24 is the Active LTS line. The full image (compilers included) installs; the slim one runs.
ARG NODE_BUILD_IMAGE=node:24-bookworm
ARG NODE_RUN_IMAGE=node:24-bookworm-slim

# Every workspace's manifest and the lockfile, nothing else: the install layers below are
# reused until one of these changes.
FROM ${NODE_BUILD_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY player/package.json player/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# All dependencies, for the build. Install scripts are skipped (they would fetch Prisma's
# native engines, which Pano does not use); argon2 is then built or its prebuilt binary tested.
FROM manifests AS deps
RUN npm ci --ignore-scripts && npm rebuild argon2

# Production dependencies only: no TypeScript, tsx, esbuild or Vite. Optional packages stay:
# the native binaries of sharp (@img/sharp-linux-x64) and @napi-rs/canvas (PDF pages) are
# optional packages, one per platform, and without them neither loads (docs/OPERATIONS.md#container).
FROM manifests AS prod-deps
RUN npm ci --omit=dev --ignore-scripts && npm rebuild argon2

# The dashboard and player bundles, and the server compiled to plain JavaScript.
FROM deps AS build
COPY . .
RUN npm run db:generate && npm run build

FROM ${NODE_RUN_IMAGE}
# tini as PID 1: passes SIGTERM to node and reaps children, so `docker stop` drains the server.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# SKIP_BUILD: `npm start` / `npm run create-admin` inside the container run what is built here.
ENV NODE_ENV=production SKIP_BUILD=1 DATA_DIR=/data PORT=3000
COPY --from=prod-deps /app ./
COPY prisma/migrations prisma/migrations
COPY scripts/start.mjs scripts/build-freshness.mjs scripts/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/player/dist player/dist
RUN mkdir -p /data/uploads /data/screenshots && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready, not merely alive: the database (and Redis, when configured) answer and no shutdown is under way.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
