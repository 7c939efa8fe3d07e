-- AlterTable
ALTER TABLE "DataSyncRun" ADD COLUMN "holderAttempt" INTEGER;
ALTER TABLE "DataSyncRun" ADD COLUMN "holderJobId" INTEGER;
ALTER TABLE "DataSyncRun" ADD COLUMN "leaseUntil" DATETIME;
