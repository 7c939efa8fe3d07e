-- CreateTable
CREATE TABLE "CouponCodeBulkJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "totalCount" INTEGER NOT NULL,
    "completedCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "entries" TEXT NOT NULL,
    "errors" TEXT NOT NULL DEFAULT '[]',
    "codeIds" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME,
    "expiresAt" DATETIME
);

-- CreateTable
CREATE TABLE "WebFeed" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "requestMethod" TEXT NOT NULL DEFAULT 'get',
    "contentType" TEXT NOT NULL DEFAULT 'json',
    "cacheTtlSeconds" INTEGER NOT NULL DEFAULT 300,
    "status" TEXT NOT NULL DEFAULT 'ok',
    "lastError" TEXT,
    "cachedBody" TEXT,
    "fetchedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "CouponCodeBulkJob_companyId_status_idx" ON "CouponCodeBulkJob"("companyId", "status");

-- CreateIndex
CREATE INDEX "CouponCodeBulkJob_companyId_createdAt_idx" ON "CouponCodeBulkJob"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebFeed_companyId_name_key" ON "WebFeed"("companyId", "name");
