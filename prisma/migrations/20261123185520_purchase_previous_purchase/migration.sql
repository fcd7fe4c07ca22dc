-- AlterTable
ALTER TABLE "purchases" ADD COLUMN     "previousPurchaseId" TEXT;
