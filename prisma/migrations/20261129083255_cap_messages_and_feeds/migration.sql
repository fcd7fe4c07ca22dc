-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "capSettings" JSONB;

-- AlterTable
ALTER TABLE "screens" ADD COLUMN     "latitude" DOUBLE PRECISION,
ADD COLUMN     "longitude" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "cap_messages" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "sender" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "sent" TIMESTAMP(3) NOT NULL,
    "msgType" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "alertId" TEXT,
    "feedId" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cap_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cap_feeds" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "pollSeconds" INTEGER NOT NULL,
    "groupIds" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastPolledAt" TIMESTAMP(3),
    "lastOkAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cap_feeds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "cap_messages_alertId_idx" ON "cap_messages"("alertId");

-- CreateIndex
CREATE INDEX "cap_messages_feedId_idx" ON "cap_messages"("feedId");

-- CreateIndex
CREATE UNIQUE INDEX "cap_messages_ownerId_sender_identifier_key" ON "cap_messages"("ownerId", "sender", "identifier");

-- CreateIndex
CREATE INDEX "cap_feeds_ownerId_idx" ON "cap_feeds"("ownerId");

-- AddForeignKey
ALTER TABLE "cap_messages" ADD CONSTRAINT "cap_messages_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cap_messages" ADD CONSTRAINT "cap_messages_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "alerts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cap_messages" ADD CONSTRAINT "cap_messages_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "cap_feeds"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cap_feeds" ADD CONSTRAINT "cap_feeds_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
