-- AlterTable
ALTER TABLE "schedules" ADD COLUMN     "layoutId" TEXT,
ALTER COLUMN "playlistId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "schedules_layoutId_idx" ON "schedules"("layoutId");

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_layoutId_fkey" FOREIGN KEY ("layoutId") REFERENCES "layouts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
