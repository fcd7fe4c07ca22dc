/*
  Warnings:

  - The primary key for the `play_daily_media` table will be changed. If it partially fails, the table could be left without primary key constraint.
  - The primary key for the `play_hourly` table will be changed. If it partially fails, the table could be left without primary key constraint.
  - The primary key for the `play_hourly_media` table will be changed. If it partially fails, the table could be left without primary key constraint.
  - The primary key for the `play_screen_days` table will be changed. If it partially fails, the table could be left without primary key constraint.

*/
-- AlterTable
ALTER TABLE "play_daily_media" DROP CONSTRAINT "play_daily_media_pkey",
ADD COLUMN     "zone" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "play_daily_media_pkey" PRIMARY KEY ("ownerId", "mediaId", "zone", "day");

-- AlterTable
ALTER TABLE "play_hourly" DROP CONSTRAINT "play_hourly_pkey",
ADD COLUMN     "zone" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "play_hourly_pkey" PRIMARY KEY ("ownerId", "screenId", "mediaId", "zone", "hour");

-- AlterTable
ALTER TABLE "play_hourly_media" DROP CONSTRAINT "play_hourly_media_pkey",
ADD COLUMN     "zone" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "play_hourly_media_pkey" PRIMARY KEY ("ownerId", "mediaId", "zone", "hour");

-- AlterTable
ALTER TABLE "play_records" ADD COLUMN     "zone" TEXT;

-- AlterTable
ALTER TABLE "play_rollup_queue" ADD COLUMN     "zone" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "play_screen_days" DROP CONSTRAINT "play_screen_days_pkey",
ADD COLUMN     "zone" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "play_screen_days_pkey" PRIMARY KEY ("screenId", "zone", "day");

-- CreateTable
CREATE TABLE "play_screen_day_totals" (
    "ownerId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "ms" BIGINT NOT NULL,
    "granted" BIGINT NOT NULL,

    CONSTRAINT "play_screen_day_totals_pkey" PRIMARY KEY ("screenId","day")
);

-- AddForeignKey
ALTER TABLE "play_screen_day_totals" ADD CONSTRAINT "play_screen_day_totals_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every screen's airtime so far was one zone's: the screen totals start from it.
INSERT INTO "play_screen_day_totals" ("ownerId", "screenId", "day", "ms", "granted")
SELECT "ownerId", "screenId", "day", "ms", 0 FROM "play_screen_days";
