-- Keys made before scopes keep what they could do: their one scope ('alerts') becomes their list.
ALTER TABLE "api_keys" ADD COLUMN "scopes" TEXT[] DEFAULT ARRAY['alerts']::TEXT[];
UPDATE "api_keys" SET "scopes" = ARRAY["scope"];
ALTER TABLE "api_keys" DROP COLUMN "scope";

-- CreateTable
CREATE TABLE "api_key_groups" (
    "apiKeyId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,

    CONSTRAINT "api_key_groups_pkey" PRIMARY KEY ("apiKeyId","groupId")
);

-- CreateTable
CREATE TABLE "api_key_usage" (
    "apiKeyId" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "api_key_usage_pkey" PRIMARY KEY ("apiKeyId","hour")
);

-- CreateIndex
CREATE INDEX "api_key_groups_groupId_idx" ON "api_key_groups"("groupId");

-- AddForeignKey
ALTER TABLE "api_key_groups" ADD CONSTRAINT "api_key_groups_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_key_groups" ADD CONSTRAINT "api_key_groups_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "screen_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
