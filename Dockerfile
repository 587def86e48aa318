# syntax=docker/dockerfile:1
# The portal in the official nginx image, served by the recipe of deploy/nginx, and the mock server
# to try it with. compose.yaml runs both: `docker compose up --build`, then
# http://127.0.0.1:8080/lms/. The portal alone, in front of your own backend:
#
#   docker build --target portal -t lms-portal .
#   docker run -p 8080:80 -e LMS_BACKEND=lms-api.internal:8080 lms-portal

ARG NODE_VERSION=20
ARG NGINX_VERSION=1.28

# The build: the portal (packages/web/dist) and the mock server, with the pnpm package.json pins.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
ENV CI=true TURBO_TELEMETRY_DISABLED=1 REDOCLY_TELEMETRY=off
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
RUN npm install --global --no-fund --no-audit \
      "pnpm@$(node -p 'require("./package.json").packageManager.split("@")[1]')"
# The dependencies in a layer of their own, rebuilt only when the lockfile changes.
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
RUN pnpm exec turbo run build --filter=@lms/web --filter=@lms/mock-server --output-logs=errors-only

# The mock server as the portal's backend: for trying the portal out, or a fixture in CI; never
# for production.
FROM build AS mock
EXPOSE 8080
CMD ["node", "packages/mock-server/dist/main.js", "--host", "0.0.0.0", "--port", "8080"]

# The portal: nginx with deploy/nginx/lms/ (the rules deploy/test/nginx.test.ts checks with
# Debian's nginx) and the container's site file, a template the image's entrypoint fills in with
# LMS_BACKEND (host:port of the backend) into /etc/nginx/conf.d/lms.conf.
FROM nginx:${NGINX_VERSION}-alpine AS portal
RUN rm -rf /etc/nginx/conf.d/default.conf /usr/share/nginx/html/*
COPY deploy/nginx/lms/ /etc/nginx/lms/
COPY deploy/container/lms.conf.template /etc/nginx/templates/lms.conf.template
COPY --from=build /src/packages/web/dist/ /usr/share/nginx/html/lms/
# What the build keeps for itself stays out of the image (the recipe would answer 404 anyway).
RUN rm -rf /usr/share/nginx/html/lms/.vite && find /usr/share/nginx/html -name '*.map' -delete
# Only LMS_* variables are filled in: nginx's own $variables in the template stay as they are.
ENV LMS_BACKEND=mock:8080 NGINX_ENVSUBST_FILTER=^LMS_
EXPOSE 80
