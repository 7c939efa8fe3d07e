-- AlterTable
ALTER TABLE "DataSyncRun" ADD COLUMN     "lastChangeId" INTEGER NOT NULL DEFAULT 0;
