-- AlterTable
ALTER TABLE "MessagingSettings" ADD COLUMN     "softBounceLimit" INTEGER NOT NULL DEFAULT 3;

-- CreateTable
CREATE TABLE "ProfileBulkConsentJob" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "payload" TEXT NOT NULL,
    "listId" TEXT,
    "segmentId" TEXT,
    "totalCount" INTEGER NOT NULL DEFAULT 0,
    "completedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "ProfileBulkConsentJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailDeliveryReport" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT,
    "sendId" TEXT,
    "email" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "reportKey" TEXT NOT NULL,
    "status" TEXT,
    "detail" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailDeliveryReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProfileBulkConsentJob_companyId_kind_createdAt_idx" ON "ProfileBulkConsentJob"("companyId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "EmailDeliveryReport_companyId_profileId_kind_createdAt_idx" ON "EmailDeliveryReport"("companyId", "profileId", "kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EmailDeliveryReport_companyId_reportKey_key" ON "EmailDeliveryReport"("companyId", "reportKey");
