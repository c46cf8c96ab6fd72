# dugout: migrate, then run the daemon. Built by docker-compose.yml (service `dugout`).
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY bin ./bin
COPY src ./src
COPY jobs ./jobs
COPY migrations ./migrations
COPY tsconfig.json ./
USER node
ENTRYPOINT ["node", "bin/dugout.mjs"]
CMD ["daemon"]
