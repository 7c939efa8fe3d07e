-- CreateTable
CREATE TABLE "BackInStockSubscription" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "channels" TEXT NOT NULL DEFAULT '[]',
    "source" TEXT NOT NULL,
    "openKey" TEXT NOT NULL DEFAULT '',
    "notifiedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BackInStockWait" (
    "runId" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "releasedAt" DATETIME
);

-- CreateTable
CREATE TABLE "BackInStockSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "inventoryThreshold" INTEGER NOT NULL DEFAULT 0,
    "batchSize" INTEGER NOT NULL DEFAULT 100,
    "batchIntervalMinutes" INTEGER NOT NULL DEFAULT 15,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CatalogChangeReaction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "changeId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "variantId" TEXT,
    "oldValue" REAL,
    "newValue" REAL,
    "interested" INTEGER NOT NULL DEFAULT 0,
    "entered" INTEGER NOT NULL DEFAULT 0,
    "at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CatalogSource" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "url" TEXT,
    "format" TEXT NOT NULL,
    "scheduleHours" INTEGER NOT NULL DEFAULT 24,
    "nextSyncAt" DATETIME,
    "lastSyncAt" DATETIME,
    "lastStatus" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CatalogSync" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "sourceId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "full" BOOLEAN NOT NULL DEFAULT false,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "unpublished" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "entryErrors" TEXT NOT NULL DEFAULT '[]',
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "CatalogScheduledReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "flowId" TEXT,
    "frequency" TEXT NOT NULL,
    "nextSendAt" DATETIME,
    "lastSentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "BackInStockSubscription_companyId_variantId_notifiedAt_createdAt_idx" ON "BackInStockSubscription"("companyId", "variantId", "notifiedAt", "createdAt");

-- CreateIndex
CREATE INDEX "BackInStockSubscription_companyId_createdAt_idx" ON "BackInStockSubscription"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BackInStockSubscription_companyId_profileId_variantId_openKey_key" ON "BackInStockSubscription"("companyId", "profileId", "variantId", "openKey");

-- CreateIndex
CREATE INDEX "BackInStockWait_companyId_variantId_profileId_idx" ON "BackInStockWait"("companyId", "variantId", "profileId");

-- CreateIndex
CREATE INDEX "CatalogChangeReaction_companyId_kind_at_idx" ON "CatalogChangeReaction"("companyId", "kind", "at");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogChangeReaction_changeId_kind_key" ON "CatalogChangeReaction"("changeId", "kind");

-- CreateIndex
CREATE INDEX "CatalogSource_companyId_createdAt_idx" ON "CatalogSource"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "CatalogSource_nextSyncAt_idx" ON "CatalogSource"("nextSyncAt");

-- CreateIndex
CREATE INDEX "CatalogSync_companyId_sourceId_createdAt_idx" ON "CatalogSync"("companyId", "sourceId", "createdAt");

-- CreateIndex
CREATE INDEX "CatalogScheduledReport_companyId_createdAt_idx" ON "CatalogScheduledReport"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "CatalogScheduledReport_nextSendAt_idx" ON "CatalogScheduledReport"("nextSendAt");
