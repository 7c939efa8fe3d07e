-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN "companyId" INTEGER;
ALTER TABLE "OutboxMail" ADD COLUMN "fromAddress" TEXT;
ALTER TABLE "OutboxMail" ADD COLUMN "headers" TEXT;
ALTER TABLE "OutboxMail" ADD COLUMN "sendId" TEXT;

-- CreateTable
CREATE TABLE "Send" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "sourceType" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "transactional" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "reason" TEXT,
    "deferredUntil" DATETIME,
    "content" TEXT NOT NULL,
    "context" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedBy" TEXT,
    "leaseUntil" DATETIME,
    "provider" TEXT,
    "providerMessageId" TEXT,
    "messageId" TEXT,
    "subject" TEXT,
    "outboxMailId" INTEGER,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "sendingAt" DATETIME,
    "sentAt" DATETIME,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "MessagingSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "smartSendingHours" INTEGER NOT NULL DEFAULT 16,
    "quietHoursEnabled" BOOLEAN NOT NULL DEFAULT true,
    "quietHoursStart" INTEGER NOT NULL DEFAULT 1260,
    "quietHoursEnd" INTEGER NOT NULL DEFAULT 480,
    "frequencyCaps" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Send_companyId_sourceType_sourceId_status_idx" ON "Send"("companyId", "sourceType", "sourceId", "status");

-- CreateIndex
CREATE INDEX "Send_companyId_profileId_channel_sendingAt_idx" ON "Send"("companyId", "profileId", "channel", "sendingAt");

-- CreateIndex
CREATE INDEX "Send_status_leaseUntil_idx" ON "Send"("status", "leaseUntil");

-- CreateIndex
CREATE UNIQUE INDEX "Send_companyId_channel_sourceType_sourceId_profileId_key" ON "Send"("companyId", "channel", "sourceType", "sourceId", "profileId");

-- CreateIndex
CREATE INDEX "OutboxMail_companyId_createdAt_idx" ON "OutboxMail"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxMail_sendId_idx" ON "OutboxMail"("sendId");
