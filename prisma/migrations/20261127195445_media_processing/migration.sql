/*
  Warnings:

  - A unique constraint covering the columns `[posterFileName]` on the table `media` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "MediaStatus" AS ENUM ('processing', 'ready', 'failed');

-- AlterTable
ALTER TABLE "media" ADD COLUMN     "error" TEXT,
ADD COLUMN     "posterFileName" TEXT,
ADD COLUMN     "progress" INTEGER NOT NULL DEFAULT 100,
ADD COLUMN     "sha256" TEXT,
ADD COLUMN     "status" "MediaStatus" NOT NULL DEFAULT 'ready';

-- CreateIndex
CREATE UNIQUE INDEX "media_posterFileName_key" ON "media"("posterFileName");
