# NgernKhuen production image: the built PWA and the compiled API server on Node 24 LTS.
# Build: docker build -t ngernkhuen .   Run with compose.yaml, or see docs/deploy.md.

# The release this image replaces: its hashed client files stay servable from this image during
# a rolling deploy (docs/decisions/010-rolling-deploys.md). Pass the running image's tag:
#   docker build --build-arg PREVIOUS_IMAGE=ngernkhuen:<running tag> -t ngernkhuen:<new tag> .
# The default has no /app/dist/client: a first release keeps nothing.
ARG PREVIOUS_IMAGE=node:24-bookworm-slim

FROM ${PREVIOUS_IMAGE} AS previous-release
USER root
RUN mkdir -p /app/dist/client

# 1. Build the client and compile the server (needs the devDependencies).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
COPY --from=previous-release /app/dist/client /previous-client
# dist/client (this release, with the kept files of earlier ones) and dist/client-previous (the
# replaced release's shell, for the first phase of a rollout: CLIENT_DIR=/app/dist/client-previous).
RUN if [ -f /previous-client/index.html ]; then export PREVIOUS_CLIENT_DIR=/previous-client; fi \
    && npm run build

# 2. Only what the server needs at run time.
FROM node:24-bookworm-slim AS runtime-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image: no compiler, no devDependencies, not root.
FROM node:24-bookworm-slim
ENV APP_MODE=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    CLIENT_DIR=/app/dist/client \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# Proof pictures go to S3 or, with PROOF_STORAGE=filesystem, to PROOF_DIR (mount a shared volume
# there), and the catalogue's pictures likewise (PICTURE_STORAGE, PICTURE_DIR); DATA_DIR is not
# used for them on PostgreSQL.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# /api/health answers 503 when the database cannot take a write.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: /api/health answers 503 for SHUTDOWN_PRE_STOP_SECONDS
# (5 s with DATABASE_URL) while requests are still served, then it stops accepting, drains
# in-flight requests (up to 10 s), closes the database and exits. Give it 20 s before SIGKILL
# (`docker stop -t 20`; docker's own default is 10 s). It starts no child processes to reap.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
