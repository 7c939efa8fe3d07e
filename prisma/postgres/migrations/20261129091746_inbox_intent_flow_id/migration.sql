-- AlterTable
ALTER TABLE "InboxIntent" ALTER COLUMN "flowId" SET DATA TYPE TEXT;
