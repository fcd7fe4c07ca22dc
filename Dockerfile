# One image for the API and the worker.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production SKIP_BUILD=1 DATA_DIR=/data
COPY --from=build /app /app
VOLUME /data
EXPOSE 3000
CMD ["npm", "start"]
