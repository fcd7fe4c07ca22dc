-- Accounts (docs/architecture/accounts.md): what each user owned moves to an account of their
-- own whose id is the user's id, so every ownerId stays as it is and nothing is lost; the user
-- becomes the account's owner. Purchases name the account they are for (the buyer's).
-- CreateEnum
CREATE TYPE "AccountRole" AS ENUM ('owner', 'admin', 'publisher', 'editor', 'viewer');

-- DropForeignKey
ALTER TABLE "alert_templates" DROP CONSTRAINT "alert_templates_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "devices" DROP CONSTRAINT "devices_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "direction_playlists" DROP CONSTRAINT "direction_playlists_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "display_settings" DROP CONSTRAINT "display_settings_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "health_settings" DROP CONSTRAINT "health_settings_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "layouts" DROP CONSTRAINT "layouts_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "media" DROP CONSTRAINT "media_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "play_daily_media" DROP CONSTRAINT "play_daily_media_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "play_hourly" DROP CONSTRAINT "play_hourly_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "play_hourly_media" DROP CONSTRAINT "play_hourly_media_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "play_hourly_total" DROP CONSTRAINT "play_hourly_total_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "play_records" DROP CONSTRAINT "play_records_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "play_rollup_queue" DROP CONSTRAINT "play_rollup_queue_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "play_screen_day_totals" DROP CONSTRAINT "play_screen_day_totals_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "play_screen_days" DROP CONSTRAINT "play_screen_days_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "playlists" DROP CONSTRAINT "playlists_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "screen_groups" DROP CONSTRAINT "screen_groups_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "screens" DROP CONSTRAINT "screens_ownerId_fkey";

-- DropIndex
DROP INDEX "purchases_userId_status_expiresAt_idx";

-- AlterTable
ALTER TABLE "packages" ADD COLUMN     "maxMembers" INTEGER NOT NULL DEFAULT 5;

-- AlterTable
ALTER TABLE "purchases" ADD COLUMN     "accountId" TEXT,
ADD COLUMN     "maxMembers" INTEGER NOT NULL DEFAULT 5;

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "AccountRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActiveAt" TIMESTAMP(3),

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership_groups" (
    "membershipId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,

    CONSTRAINT "membership_groups_pkey" PRIMARY KEY ("membershipId","groupId")
);

-- CreateTable
CREATE TABLE "invitations" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "AccountRole" NOT NULL,
    "groupIds" TEXT[],
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- Data: one account per existing user, owned by that user
INSERT INTO "accounts" ("id", "name", "createdAt")
SELECT "id", COALESCE(NULLIF(TRIM(CONCAT_WS(' ', "firstName", "lastName")), ''), "email"), "createdAt" FROM "users";

INSERT INTO "memberships" ("id", "accountId", "userId", "role", "createdAt")
SELECT gen_random_uuid()::text, "id", "id", 'owner', "createdAt" FROM "users";

UPDATE "purchases" SET "accountId" = "userId";

ALTER TABLE "purchases" ALTER COLUMN "accountId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "memberships_userId_idx" ON "memberships"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "memberships_accountId_userId_key" ON "memberships"("accountId", "userId");

-- CreateIndex
CREATE INDEX "membership_groups_groupId_idx" ON "membership_groups"("groupId");

-- CreateIndex
CREATE UNIQUE INDEX "invitations_tokenHash_key" ON "invitations"("tokenHash");

-- CreateIndex
CREATE INDEX "invitations_accountId_idx" ON "invitations"("accountId");

-- CreateIndex
CREATE INDEX "purchases_accountId_status_expiresAt_idx" ON "purchases"("accountId", "status", "expiresAt");

-- CreateIndex
CREATE INDEX "purchases_userId_idx" ON "purchases"("userId");

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_groups" ADD CONSTRAINT "membership_groups_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "memberships"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_groups" ADD CONSTRAINT "membership_groups_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "screen_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "media" ADD CONSTRAINT "media_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "direction_playlists" ADD CONSTRAINT "direction_playlists_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screens" ADD CONSTRAINT "screens_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "display_settings" ADD CONSTRAINT "display_settings_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screen_groups" ADD CONSTRAINT "screen_groups_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_templates" ADD CONSTRAINT "alert_templates_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "health_settings" ADD CONSTRAINT "health_settings_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_screen_days" ADD CONSTRAINT "play_screen_days_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_screen_day_totals" ADD CONSTRAINT "play_screen_day_totals_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_records" ADD CONSTRAINT "play_records_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_rollup_queue" ADD CONSTRAINT "play_rollup_queue_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_hourly" ADD CONSTRAINT "play_hourly_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_hourly_media" ADD CONSTRAINT "play_hourly_media_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_hourly_total" ADD CONSTRAINT "play_hourly_total_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_daily_media" ADD CONSTRAINT "play_daily_media_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
