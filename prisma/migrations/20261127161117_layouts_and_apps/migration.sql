-- AlterEnum
ALTER TYPE "MediaKind" ADD VALUE 'app';

-- AlterTable
ALTER TABLE "media" ADD COLUMN     "app" JSONB,
ADD COLUMN     "appData" JSONB,
ALTER COLUMN "fileName" DROP NOT NULL;

-- AlterTable
ALTER TABLE "screens" ADD COLUMN     "currentLayoutId" TEXT,
ADD COLUMN     "rotation" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "layouts" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "orientation" TEXT NOT NULL DEFAULT 'landscape',
    "background" TEXT NOT NULL DEFAULT '#000000',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "layouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "layout_zones" (
    "id" TEXT NOT NULL,
    "layoutId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "x" DOUBLE PRECISION NOT NULL,
    "y" DOUBLE PRECISION NOT NULL,
    "width" DOUBLE PRECISION NOT NULL,
    "height" DOUBLE PRECISION NOT NULL,
    "z" INTEGER NOT NULL DEFAULT 0,
    "fit" TEXT NOT NULL DEFAULT 'cover',
    "playlistId" TEXT,
    "tickerPlaylistId" TEXT,

    CONSTRAINT "layout_zones_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "layouts_ownerId_createdAt_idx" ON "layouts"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "layout_zones_playlistId_idx" ON "layout_zones"("playlistId");

-- CreateIndex
CREATE INDEX "layout_zones_tickerPlaylistId_idx" ON "layout_zones"("tickerPlaylistId");

-- CreateIndex
CREATE UNIQUE INDEX "layout_zones_layoutId_position_key" ON "layout_zones"("layoutId", "position");

-- CreateIndex
CREATE INDEX "screens_currentLayoutId_idx" ON "screens"("currentLayoutId");

-- AddForeignKey
ALTER TABLE "screens" ADD CONSTRAINT "screens_currentLayoutId_fkey" FOREIGN KEY ("currentLayoutId") REFERENCES "layouts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "layout_zones" ADD CONSTRAINT "layout_zones_layoutId_fkey" FOREIGN KEY ("layoutId") REFERENCES "layouts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "layout_zones" ADD CONSTRAINT "layout_zones_playlistId_fkey" FOREIGN KEY ("playlistId") REFERENCES "playlists"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "layout_zones" ADD CONSTRAINT "layout_zones_tickerPlaylistId_fkey" FOREIGN KEY ("tickerPlaylistId") REFERENCES "direction_playlists"("id") ON DELETE SET NULL ON UPDATE CASCADE;
