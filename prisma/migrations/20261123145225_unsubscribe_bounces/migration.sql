-- CreateTable
CREATE TABLE "ProfileBulkConsentJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "payload" TEXT NOT NULL,
    "listId" TEXT,
    "segmentId" TEXT,
    "totalCount" INTEGER NOT NULL DEFAULT 0,
    "completedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME
);

-- CreateTable
CREATE TABLE "EmailDeliveryReport" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT,
    "sendId" TEXT,
    "email" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "reportKey" TEXT NOT NULL,
    "status" TEXT,
    "detail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_MessagingSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "smartSendingHours" INTEGER NOT NULL DEFAULT 16,
    "quietHoursEnabled" BOOLEAN NOT NULL DEFAULT true,
    "quietHoursStart" INTEGER NOT NULL DEFAULT 1260,
    "quietHoursEnd" INTEGER NOT NULL DEFAULT 480,
    "frequencyCaps" TEXT NOT NULL DEFAULT '{}',
    "softBounceLimit" INTEGER NOT NULL DEFAULT 3,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_MessagingSettings" ("companyId", "frequencyCaps", "quietHoursEnabled", "quietHoursEnd", "quietHoursStart", "smartSendingHours", "updatedAt") SELECT "companyId", "frequencyCaps", "quietHoursEnabled", "quietHoursEnd", "quietHoursStart", "smartSendingHours", "updatedAt" FROM "MessagingSettings";
DROP TABLE "MessagingSettings";
ALTER TABLE "new_MessagingSettings" RENAME TO "MessagingSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ProfileBulkConsentJob_companyId_kind_createdAt_idx" ON "ProfileBulkConsentJob"("companyId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "EmailDeliveryReport_companyId_profileId_kind_createdAt_idx" ON "EmailDeliveryReport"("companyId", "profileId", "kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EmailDeliveryReport_companyId_reportKey_key" ON "EmailDeliveryReport"("companyId", "reportKey");
