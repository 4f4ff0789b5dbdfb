# syntax=docker/dockerfile:1
# Consultório: the built web app and API in one image, run as an unprivileged user.
#   docker build -t consultorio .
#   docker run -p 3000:3000 -v consultorio-data:/data consultorio      (embedded PGlite in /data)
# With PostgreSQL, S3 and SMTP (two replicas behind Caddy): compose.yaml, README "Containers".

ARG NODE_VERSION=24

# --- build: every dependency (dev ones too), then the web app (Vite) and the API bundle (esbuild)
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# No browser download for the Playwright dev dependency.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The manifests first, so that the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies of the API and the shared package only, and the two builds
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
# MALLOC_MMAP_THRESHOLD_: glibc gives blocks of 16 KB and up back when they are freed (README, "Memory").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_MMAP_THRESHOLD_=16384
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
# The API bundle keeps node_modules external; the shared package is bundled in, but its own
# dependencies (zod, libphonenumber-js...) are imported at run time. Native modules (sharp,
# @node-rs/argon2) come as prebuilt optional packages for this platform: no install script or
# compiler is needed, so scripts stay off.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace apps/api --workspace packages/shared
# main.js finds the web app at ../../web/dist, its worker scripts and migrations beside itself.
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database, local files and written mail when no PostgreSQL, S3 or SMTP is set.
RUN mkdir -p /data && chown node:node /data
# The image's unprivileged user (uid 1000); the application files stay owned by root, read-only to it.
USER node
EXPOSE 3000
# Node's own fetch: the slim image has no curl. /healthz is liveness: 200 while the process answers.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as the main process: it receives SIGTERM and closes the server and the job queue.
# V8's options of `npm start` (README, "Memory"): one helper thread, a small young generation, and
# compiled code that has not run lately dropped.
CMD ["node", "--v8-pool-size=1", "--max-semi-space-size=4", "--flush-baseline-code", "--bytecode-old-age=2", "apps/api/dist/main.js"]
