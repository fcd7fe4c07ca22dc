-- The rollup queue holds sums per upload, screen, media and hour instead of one row per play.
-- Rows already queued were one play each: they keep their plays as plays = 1.
-- AlterTable
ALTER TABLE "play_rollup_queue" DROP CONSTRAINT "play_rollup_queue_pkey",
ADD COLUMN     "plays" INTEGER NOT NULL DEFAULT 1,
DROP COLUMN "id",
ADD COLUMN     "id" BIGSERIAL NOT NULL,
ALTER COLUMN "durationMs" SET DATA TYPE BIGINT,
ADD CONSTRAINT "play_rollup_queue_pkey" PRIMARY KEY ("ownerId", "hour", "id");

ALTER TABLE "play_rollup_queue" ALTER COLUMN "plays" DROP DEFAULT;
