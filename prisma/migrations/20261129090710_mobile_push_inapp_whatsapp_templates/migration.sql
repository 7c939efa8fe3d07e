-- CreateTable
CREATE TABLE "ApnsSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "keyId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "bundleId" TEXT NOT NULL,
    "keySealed" TEXT NOT NULL,
    "environment" TEXT NOT NULL DEFAULT 'production',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "InAppMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "definition" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "audienceId" TEXT,
    "startsAt" DATETIME,
    "endsAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "WhatsAppMessageTemplate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "examples" TEXT NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "vendorId" TEXT,
    "rejectedReason" TEXT,
    "submittedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "InAppMessage_companyId_status_idx" ON "InAppMessage"("companyId", "status");

-- CreateIndex
CREATE INDEX "WhatsAppMessageTemplate_vendorId_idx" ON "WhatsAppMessageTemplate"("vendorId");

-- CreateIndex
CREATE UNIQUE INDEX "WhatsAppMessageTemplate_companyId_name_language_key" ON "WhatsAppMessageTemplate"("companyId", "name", "language");
