-- AlterTable
ALTER TABLE "devices" ADD COLUMN     "previousDeviceId" TEXT;

-- CreateTable
CREATE TABLE "device_screen_spans" (
    "id" BIGSERIAL NOT NULL,
    "deviceId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,
    "fromAt" TIMESTAMPTZ(3) NOT NULL,
    "toAt" TIMESTAMPTZ(3),

    CONSTRAINT "device_screen_spans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "play_screen_days" (
    "ownerId" TEXT NOT NULL,
    "screenId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "ms" BIGINT NOT NULL,
    "granted" BIGINT NOT NULL,

    CONSTRAINT "play_screen_days_pkey" PRIMARY KEY ("screenId","day")
);

-- CreateIndex
CREATE INDEX "device_screen_spans_deviceId_idx" ON "device_screen_spans"("deviceId");

-- AddForeignKey
ALTER TABLE "device_screen_spans" ADD CONSTRAINT "device_screen_spans_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_screen_days" ADD CONSTRAINT "play_screen_days_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Which screen each device served, from when to when (docs/ARCHITECTURE.md#plays). Kept by a
-- trigger so that every change counts, whatever makes it: choosing a screen, a move in the
-- dashboard, a revocation, and a screen's deletion (its foreign key sets screenId to null).
-- The devices of before have served their screen since they were paired, as far as we know.
INSERT INTO "device_screen_spans" ("deviceId", "screenId", "fromAt", "toAt")
SELECT "id", "screenId", "createdAt", "revokedAt" FROM "devices" WHERE "screenId" IS NOT NULL;

CREATE FUNCTION "device_screen_spans_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."screenId" IS DISTINCT FROM NEW."screenId"
      OR (NEW."revokedAt" IS NOT NULL AND OLD."revokedAt" IS NULL)) THEN
    UPDATE "device_screen_spans" SET "toAt" = now() WHERE "deviceId" = NEW."id" AND "toAt" IS NULL;
  END IF;
  IF NEW."screenId" IS NOT NULL AND NEW."revokedAt" IS NULL
      AND (TG_OP = 'INSERT' OR OLD."screenId" IS DISTINCT FROM NEW."screenId") THEN
    INSERT INTO "device_screen_spans" ("deviceId", "screenId", "fromAt")
    VALUES (NEW."id", NEW."screenId", CASE WHEN TG_OP = 'INSERT' THEN NEW."createdAt" ELSE now() END);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "devices_screen_spans" AFTER INSERT OR UPDATE OF "screenId", "revokedAt" ON "devices"
FOR EACH ROW EXECUTE FUNCTION "device_screen_spans_track"();
