-- DropForeignKey
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_accountId_fkey";

-- AlterTable
ALTER TABLE "purchases" ALTER COLUMN "accountId" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
