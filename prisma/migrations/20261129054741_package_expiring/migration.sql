-- AlterTable
ALTER TABLE "purchases" ADD COLUMN     "expiryToldDays" INTEGER;
