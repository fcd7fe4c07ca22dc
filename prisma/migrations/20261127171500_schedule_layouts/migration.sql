-- AlterTable
ALTER TABLE "schedules" ADD COLUMN     "layoutId" TEXT,
ALTER COLUMN "playlistId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "schedules_layoutId_idx" ON "schedules"("layoutId");

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_layoutId_fkey" FOREIGN KEY ("layoutId") REFERENCES "layouts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An entry shows exactly one thing: a playlist or a layout (docs/architecture/scheduling.md#schedules).
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_playlist_or_layout" CHECK (num_nonnulls("playlistId", "layoutId") = 1);
