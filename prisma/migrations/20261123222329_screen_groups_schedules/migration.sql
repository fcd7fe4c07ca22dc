-- AlterTable
ALTER TABLE "screens" ADD COLUMN     "timezone" TEXT NOT NULL DEFAULT 'Europe/Istanbul';

-- CreateTable
CREATE TABLE "screen_groups" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "screen_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screen_group_members" (
    "groupId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,

    CONSTRAINT "screen_group_members_pkey" PRIMARY KEY ("groupId","screenId")
);

-- CreateTable
CREATE TABLE "schedules" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "playlistId" TEXT NOT NULL,
    "tickerPlaylistId" TEXT,
    "days" INTEGER[],
    "startTime" TEXT NOT NULL,
    "endTime" TEXT NOT NULL,
    "startDate" DATE,
    "endDate" DATE,
    "exceptDates" DATE[],
    "priority" INTEGER NOT NULL DEFAULT 5,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "schedule_screens" (
    "scheduleId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,

    CONSTRAINT "schedule_screens_pkey" PRIMARY KEY ("scheduleId","screenId")
);

-- CreateTable
CREATE TABLE "schedule_groups" (
    "scheduleId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,

    CONSTRAINT "schedule_groups_pkey" PRIMARY KEY ("scheduleId","groupId")
);

-- CreateIndex
CREATE UNIQUE INDEX "screen_groups_ownerId_name_key" ON "screen_groups"("ownerId", "name");

-- CreateIndex
CREATE INDEX "screen_group_members_screenId_idx" ON "screen_group_members"("screenId");

-- CreateIndex
CREATE INDEX "schedules_ownerId_createdAt_idx" ON "schedules"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "schedules_playlistId_idx" ON "schedules"("playlistId");

-- CreateIndex
CREATE INDEX "schedules_tickerPlaylistId_idx" ON "schedules"("tickerPlaylistId");

-- CreateIndex
CREATE INDEX "schedule_screens_screenId_idx" ON "schedule_screens"("screenId");

-- CreateIndex
CREATE INDEX "schedule_groups_groupId_idx" ON "schedule_groups"("groupId");

-- AddForeignKey
ALTER TABLE "screen_groups" ADD CONSTRAINT "screen_groups_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screen_group_members" ADD CONSTRAINT "screen_group_members_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "screen_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screen_group_members" ADD CONSTRAINT "screen_group_members_screenId_fkey" FOREIGN KEY ("screenId") REFERENCES "screens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_playlistId_fkey" FOREIGN KEY ("playlistId") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_tickerPlaylistId_fkey" FOREIGN KEY ("tickerPlaylistId") REFERENCES "direction_playlists"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_screens" ADD CONSTRAINT "schedule_screens_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_screens" ADD CONSTRAINT "schedule_screens_screenId_fkey" FOREIGN KEY ("screenId") REFERENCES "screens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_groups" ADD CONSTRAINT "schedule_groups_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_groups" ADD CONSTRAINT "schedule_groups_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "screen_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
