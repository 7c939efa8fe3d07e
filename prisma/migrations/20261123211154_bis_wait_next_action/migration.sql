-- AlterTable
ALTER TABLE "BackInStockWait" ADD COLUMN "nextActionId" TEXT;
