-- AlterTable
ALTER TABLE "alerts" ADD COLUMN     "ackAnnouncedAt" TIMESTAMP(3);
