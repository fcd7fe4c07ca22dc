/*
  Warnings:

  - A unique constraint covering the columns `[replacementFileName]` on the table `media` will be added. If there are existing duplicate values, this will fail.
  - A unique constraint covering the columns `[replacementPosterFileName]` on the table `media` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "media" ADD COLUMN     "replacementError" TEXT,
ADD COLUMN     "replacementFileName" TEXT,
ADD COLUMN     "replacementMime" TEXT,
ADD COLUMN     "replacementPosterFileName" TEXT,
ADD COLUMN     "replacementProgress" INTEGER,
ADD COLUMN     "replacementSizeBytes" BIGINT,
ADD COLUMN     "replacementStatus" "MediaStatus";

-- CreateIndex
CREATE UNIQUE INDEX "media_replacementFileName_key" ON "media"("replacementFileName");

-- CreateIndex
CREATE UNIQUE INDEX "media_replacementPosterFileName_key" ON "media"("replacementPosterFileName");
