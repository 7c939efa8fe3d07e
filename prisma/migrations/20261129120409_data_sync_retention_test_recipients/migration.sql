-- CreateTable
CREATE TABLE "DataSync" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "destination" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "endpointUrl" TEXT NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "groupIds" TEXT NOT NULL DEFAULT '[]',
    "fields" TEXT NOT NULL DEFAULT '[]',
    "schedule" TEXT NOT NULL DEFAULT 'manual',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "cursor" INTEGER NOT NULL DEFAULT 0,
    "lastSuccessAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DataSyncRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "syncId" INTEGER NOT NULL,
    "fromCursor" INTEGER NOT NULL,
    "toCursor" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "rows" INTEGER NOT NULL DEFAULT 0,
    "batchesSent" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "nextAttemptAt" DATETIME,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DataSyncRun_syncId_fkey" FOREIGN KEY ("syncId") REFERENCES "DataSync" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DataSyncAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "syncId" INTEGER NOT NULL,
    "runId" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "responseCode" INTEGER,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DataSyncAttempt_runId_fkey" FOREIGN KEY ("runId") REFERENCES "DataSyncRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DataRetentionSetting" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "eventRetentionDays" INTEGER NOT NULL DEFAULT 730,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "lastPurgeAt" DATETIME,
    "lastPurgedCount" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "TestRecipient" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "label" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "DataSync_companyId_destination_idx" ON "DataSync"("companyId", "destination");

-- CreateIndex
CREATE INDEX "DataSyncRun_companyId_syncId_id_idx" ON "DataSyncRun"("companyId", "syncId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "DataSyncRun_syncId_fromCursor_toCursor_key" ON "DataSyncRun"("syncId", "fromCursor", "toCursor");

-- CreateIndex
CREATE INDEX "DataSyncAttempt_companyId_syncId_id_idx" ON "DataSyncAttempt"("companyId", "syncId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "TestRecipient_companyId_kind_value_key" ON "TestRecipient"("companyId", "kind", "value");
