-- CreateTable
CREATE TABLE "DataSource" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL DEFAULT 'private',
    "namespace" TEXT NOT NULL DEFAULT 'custom-objects',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DataSourceRecord" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "dataSourceId" TEXT NOT NULL,
    "recordId" TEXT NOT NULL,
    "record" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "CustomObjectType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "namespace" TEXT NOT NULL DEFAULT 'custom-objects',
    "status" TEXT NOT NULL DEFAULT 'active',
    "fields" TEXT NOT NULL DEFAULT '[]',
    "required" TEXT NOT NULL DEFAULT '[]',
    "dataSourceId" TEXT,
    "idPath" TEXT NOT NULL DEFAULT 'id',
    "profileIdType" TEXT,
    "profilePath" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "CustomObjectRecord" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "objectTypeId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "profileId" TEXT,
    "values" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DataSourceRecordJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "dataSourceId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "payload" TEXT NOT NULL DEFAULT '[]',
    "totalCount" INTEGER NOT NULL,
    "completedCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "errors" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "DataSource_companyId_id_idx" ON "DataSource"("companyId", "id");

-- CreateIndex
CREATE INDEX "DataSourceRecord_companyId_dataSourceId_idx" ON "DataSourceRecord"("companyId", "dataSourceId");

-- CreateIndex
CREATE UNIQUE INDEX "DataSourceRecord_dataSourceId_recordId_key" ON "DataSourceRecord"("dataSourceId", "recordId");

-- CreateIndex
CREATE INDEX "CustomObjectType_companyId_dataSourceId_idx" ON "CustomObjectType"("companyId", "dataSourceId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomObjectType_companyId_key_key" ON "CustomObjectType"("companyId", "key");

-- CreateIndex
CREATE INDEX "CustomObjectRecord_companyId_profileId_idx" ON "CustomObjectRecord"("companyId", "profileId");

-- CreateIndex
CREATE INDEX "CustomObjectRecord_companyId_objectTypeId_id_idx" ON "CustomObjectRecord"("companyId", "objectTypeId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CustomObjectRecord_objectTypeId_externalId_key" ON "CustomObjectRecord"("objectTypeId", "externalId");

-- CreateIndex
CREATE INDEX "DataSourceRecordJob_companyId_status_idx" ON "DataSourceRecordJob"("companyId", "status");
