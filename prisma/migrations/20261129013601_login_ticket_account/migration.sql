-- AlterTable
ALTER TABLE "login_tickets" ADD COLUMN     "accountId" TEXT;
