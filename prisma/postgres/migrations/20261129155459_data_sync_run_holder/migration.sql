-- AlterTable
ALTER TABLE "DataSyncRun" ADD COLUMN     "holderAttempt" INTEGER,
ADD COLUMN     "holderJobId" INTEGER,
ADD COLUMN     "leaseUntil" TIMESTAMP(3);
