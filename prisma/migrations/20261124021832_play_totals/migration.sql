-- CreateTable
CREATE TABLE "play_hourly_total" (
    "ownerId" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "plays" INTEGER NOT NULL,
    "durationMs" BIGINT NOT NULL,

    CONSTRAINT "play_hourly_total_pkey" PRIMARY KEY ("ownerId","hour")
);

-- CreateTable
CREATE TABLE "play_daily_media" (
    "ownerId" TEXT NOT NULL,
    "mediaId" TEXT NOT NULL,
    "day" TIMESTAMPTZ(3) NOT NULL,
    "plays" INTEGER NOT NULL,
    "durationMs" BIGINT NOT NULL,

    CONSTRAINT "play_daily_media_pkey" PRIMARY KEY ("ownerId","mediaId","day")
);

-- CreateIndex
CREATE INDEX "play_daily_media_ownerId_day_idx" ON "play_daily_media"("ownerId", "day");

-- AddForeignKey
ALTER TABLE "play_hourly_total" ADD CONSTRAINT "play_hourly_total_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_daily_media" ADD CONSTRAINT "play_daily_media_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
