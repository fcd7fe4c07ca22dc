-- CreateTable
CREATE TABLE "play_records" (
    "id" UUID NOT NULL,
    "ownerId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,
    "mediaId" TEXT NOT NULL,
    "playlistId" TEXT,
    "scheduleId" TEXT,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "play_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "play_rollup_queue" (
    "id" UUID NOT NULL,
    "ownerId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,
    "mediaId" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,

    CONSTRAINT "play_rollup_queue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "play_hourly" (
    "ownerId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,
    "mediaId" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "plays" INTEGER NOT NULL,
    "durationMs" BIGINT NOT NULL,

    CONSTRAINT "play_hourly_pkey" PRIMARY KEY ("ownerId","screenId","mediaId","hour")
);

-- CreateTable
CREATE TABLE "play_hourly_media" (
    "ownerId" TEXT NOT NULL,
    "mediaId" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "plays" INTEGER NOT NULL,
    "durationMs" BIGINT NOT NULL,

    CONSTRAINT "play_hourly_media_pkey" PRIMARY KEY ("ownerId","mediaId","hour")
);

-- CreateIndex
CREATE INDEX "play_records_ownerId_startedAt_idx" ON "play_records"("ownerId", "startedAt");

-- CreateIndex
CREATE INDEX "play_records_startedAt_idx" ON "play_records"("startedAt");

-- CreateIndex
CREATE INDEX "play_rollup_queue_ownerId_hour_idx" ON "play_rollup_queue"("ownerId", "hour");

-- CreateIndex
CREATE INDEX "play_hourly_ownerId_hour_idx" ON "play_hourly"("ownerId", "hour");

-- CreateIndex
CREATE INDEX "play_hourly_media_ownerId_hour_idx" ON "play_hourly_media"("ownerId", "hour");

-- AddForeignKey
ALTER TABLE "play_records" ADD CONSTRAINT "play_records_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_rollup_queue" ADD CONSTRAINT "play_rollup_queue_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_hourly" ADD CONSTRAINT "play_hourly_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_hourly_media" ADD CONSTRAINT "play_hourly_media_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
