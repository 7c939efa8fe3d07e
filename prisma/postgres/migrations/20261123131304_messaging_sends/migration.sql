-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN     "companyId" INTEGER,
ADD COLUMN     "fromAddress" TEXT,
ADD COLUMN     "headers" TEXT,
ADD COLUMN     "sendId" TEXT;

-- CreateTable
CREATE TABLE "Send" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "sourceType" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "transactional" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "reason" TEXT,
    "deferredUntil" TIMESTAMP(3),
    "content" TEXT NOT NULL,
    "context" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedBy" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "provider" TEXT,
    "providerMessageId" TEXT,
    "messageId" TEXT,
    "subject" TEXT,
    "outboxMailId" INTEGER,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "sendingAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Send_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessagingSettings" (
    "companyId" INTEGER NOT NULL,
    "smartSendingHours" INTEGER NOT NULL DEFAULT 16,
    "quietHoursEnabled" BOOLEAN NOT NULL DEFAULT true,
    "quietHoursStart" INTEGER NOT NULL DEFAULT 1260,
    "quietHoursEnd" INTEGER NOT NULL DEFAULT 480,
    "frequencyCaps" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MessagingSettings_pkey" PRIMARY KEY ("companyId")
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
