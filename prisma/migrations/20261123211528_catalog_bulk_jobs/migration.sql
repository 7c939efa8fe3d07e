-- CreateTable
CREATE TABLE "CatalogBulkJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "resource" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "payload" TEXT NOT NULL DEFAULT '[]',
    "totalCount" INTEGER NOT NULL,
    "completedCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "errors" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME,
    "expiresAt" DATETIME
);

-- CreateIndex
CREATE INDEX "CatalogBulkJob_companyId_status_idx" ON "CatalogBulkJob"("companyId", "status");

-- CreateIndex
CREATE INDEX "CatalogBulkJob_companyId_resource_action_createdAt_idx" ON "CatalogBulkJob"("companyId", "resource", "action", "createdAt");
