# syntax=docker/dockerfile:1
# Lead Desk: the API and the built page in one image, served on one port.

FROM node:20-bookworm-slim AS base
RUN corepack enable
WORKDIR /app
# better-sqlite3 compiles from source where no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json ./
# pnpm applies these to dependencies as it installs them (see pnpm-workspace.yaml).
COPY patches patches
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
# A dev dependency of the API (its tests): pnpm needs its manifest to resolve the workspace link.
COPY packages/test-support/package.json packages/test-support/
COPY apps/api/scripts apps/api/scripts
COPY prisma prisma

FROM base AS build
RUN pnpm install --frozen-lockfile --filter @lead-desk/api --filter @lead-desk/web --filter @lead-desk/contracts
COPY apps apps
COPY packages/contracts packages/contracts
# The page compiles the contracts' source; the API's build compiles them to packages/contracts/dist.
RUN pnpm build

FROM base AS production-dependencies
# The generated Prisma clients are compiled into dist, so no generate step here.
RUN pnpm install --frozen-lockfile --prod --ignore-scripts --filter @lead-desk/api --filter @lead-desk/contracts \
  && pnpm --filter @lead-desk/api rebuild better-sqlite3

FROM node:20-bookworm-slim AS app
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /app/node_modules node_modules
COPY --from=production-dependencies --chown=node:node /app/apps/api/node_modules apps/api/node_modules
COPY --from=production-dependencies --chown=node:node /app/packages/contracts/node_modules packages/contracts/node_modules
COPY --from=build --chown=node:node /app/apps/api/dist apps/api/dist
COPY --from=build --chown=node:node /app/apps/api/package.json apps/api/package.json
COPY --from=build --chown=node:node /app/packages/contracts/dist packages/contracts/dist
COPY --from=build --chown=node:node /app/packages/contracts/package.json packages/contracts/package.json
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
COPY --from=build --chown=node:node /app/prisma prisma
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Applies pending migrations, then serves: the same command as `pnpm start` after a build.
CMD ["node", "apps/api/dist/main.js"]
