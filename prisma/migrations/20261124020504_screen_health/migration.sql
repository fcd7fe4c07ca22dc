-- CreateTable
CREATE TABLE "screen_health" (
    "screenId" TEXT NOT NULL,
    "report" JSONB,
    "reportedAt" TIMESTAMP(3),
    "failingSince" TIMESTAMP(3),
    "screenshotAt" TIMESTAMP(3),
    "screenshotKind" TEXT,

    CONSTRAINT "screen_health_pkey" PRIMARY KEY ("screenId")
);

-- CreateTable
CREATE TABLE "health_settings" (
    "ownerId" TEXT NOT NULL,
    "warnMinutes" INTEGER NOT NULL DEFAULT 5,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "health_settings_pkey" PRIMARY KEY ("ownerId")
);

-- AddForeignKey
ALTER TABLE "screen_health" ADD CONSTRAINT "screen_health_screenId_fkey" FOREIGN KEY ("screenId") REFERENCES "screens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "health_settings" ADD CONSTRAINT "health_settings_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
