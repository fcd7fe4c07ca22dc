-- CreateTable
CREATE TABLE "alerts" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "background" TEXT NOT NULL,
    "textColor" TEXT NOT NULL,
    "mediaId" TEXT,
    "sound" BOOLEAN NOT NULL DEFAULT false,
    "allScreens" BOOLEAN NOT NULL DEFAULT false,
    "requestedScreenIds" TEXT[],
    "requestedGroupIds" TEXT[],
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "createdByUserId" TEXT,
    "createdByKeyId" TEXT,
    "endedByUserId" TEXT,
    "endedByKeyId" TEXT,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_targets" (
    "alertId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,

    CONSTRAINT "alert_targets_pkey" PRIMARY KEY ("alertId","screenId")
);

-- CreateTable
CREATE TABLE "alert_acks" (
    "alertId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,
    "deviceId" TEXT,
    "acknowledgedAt" TIMESTAMP(3) NOT NULL,
    "latencyMs" INTEGER NOT NULL,

    CONSTRAINT "alert_acks_pkey" PRIMARY KEY ("alertId","screenId")
);

-- CreateTable
CREATE TABLE "alert_templates" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "background" TEXT NOT NULL,
    "textColor" TEXT NOT NULL,
    "mediaId" TEXT,
    "sound" BOOLEAN NOT NULL DEFAULT false,
    "durationMinutes" INTEGER,
    "allScreens" BOOLEAN NOT NULL DEFAULT false,
    "screenIds" TEXT[],
    "groupIds" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "alert_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'alerts',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alerts_ownerId_startedAt_idx" ON "alerts"("ownerId", "startedAt");

-- CreateIndex
CREATE INDEX "alerts_mediaId_idx" ON "alerts"("mediaId");

-- CreateIndex
CREATE INDEX "alert_targets_screenId_idx" ON "alert_targets"("screenId");

-- CreateIndex
CREATE INDEX "alert_acks_deviceId_idx" ON "alert_acks"("deviceId");

-- CreateIndex
CREATE INDEX "alert_templates_mediaId_idx" ON "alert_templates"("mediaId");

-- CreateIndex
CREATE UNIQUE INDEX "alert_templates_ownerId_name_key" ON "alert_templates"("ownerId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_ownerId_idx" ON "api_keys"("ownerId");

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "media"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_createdByKeyId_fkey" FOREIGN KEY ("createdByKeyId") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_endedByUserId_fkey" FOREIGN KEY ("endedByUserId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_endedByKeyId_fkey" FOREIGN KEY ("endedByKeyId") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_targets" ADD CONSTRAINT "alert_targets_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_targets" ADD CONSTRAINT "alert_targets_screenId_fkey" FOREIGN KEY ("screenId") REFERENCES "screens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_acks" ADD CONSTRAINT "alert_acks_alertId_screenId_fkey" FOREIGN KEY ("alertId", "screenId") REFERENCES "alert_targets"("alertId", "screenId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_acks" ADD CONSTRAINT "alert_acks_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_templates" ADD CONSTRAINT "alert_templates_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_templates" ADD CONSTRAINT "alert_templates_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "media"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
