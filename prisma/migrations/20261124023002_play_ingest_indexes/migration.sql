/*
  Warnings:

  - The primary key for the `play_rollup_queue` table will be changed. If it partially fails, the table could be left without primary key constraint.

*/
-- DropIndex
DROP INDEX "play_records_startedAt_idx";

-- DropIndex
DROP INDEX "play_rollup_queue_ownerId_hour_idx";

-- AlterTable
ALTER TABLE "play_rollup_queue" DROP CONSTRAINT "play_rollup_queue_pkey",
ADD CONSTRAINT "play_rollup_queue_pkey" PRIMARY KEY ("ownerId", "hour", "id");
