-- CreateTable
CREATE TABLE "Profile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "email" TEXT,
    "phoneNumber" TEXT,
    "externalId" TEXT,
    "anonymousId" TEXT,
    "firstName" TEXT,
    "lastName" TEXT,
    "organization" TEXT,
    "title" TEXT,
    "image" TEXT,
    "locale" TEXT,
    "address1" TEXT,
    "address2" TEXT,
    "city" TEXT,
    "country" TEXT,
    "region" TEXT,
    "zip" TEXT,
    "latitude" REAL,
    "longitude" REAL,
    "timezone" TEXT,
    "ip" TEXT,
    "properties" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "lastEventAt" DATETIME
);

-- CreateTable
CREATE TABLE "ProfileConsent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "method" TEXT,
    "source" TEXT,
    "consentedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ProfileConsent_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Suppression" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "clearedAt" DATETIME,
    CONSTRAINT "Suppression_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Metric" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "integration" TEXT NOT NULL DEFAULT 'api',
    "integrationCategory" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Event" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "metricId" TEXT NOT NULL,
    "ts" INTEGER NOT NULL,
    "value" REAL,
    "currency" TEXT,
    "uniqueId" TEXT,
    "properties" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Event_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Event_metricId_fkey" FOREIGN KEY ("metricId") REFERENCES "Metric" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Group" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" INTEGER NOT NULL DEFAULT 0,
    "optInProcess" TEXT NOT NULL DEFAULT 'single_opt_in',
    "definition" TEXT,
    "isStarred" BOOLEAN NOT NULL DEFAULT false,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "isProcessing" BOOLEAN NOT NULL DEFAULT false,
    "processingPercent" INTEGER NOT NULL DEFAULT 100,
    "memberCount" INTEGER NOT NULL DEFAULT 0,
    "tags" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "deletedAt" DATETIME
);

-- CreateTable
CREATE TABLE "GroupMembership" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "groupId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "source" TEXT,
    "enteredAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" DATETIME,
    CONSTRAINT "GroupMembership_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupMembership_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GroupMembershipChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "groupId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT '[]',
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "type" TEXT NOT NULL,
    "companyId" INTEGER,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lockedBy" TEXT,
    "lastError" TEXT,
    "idempotencyKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "totalCount" INTEGER NOT NULL DEFAULT 0,
    "completedCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "listIds" TEXT NOT NULL DEFAULT '[]',
    "input" TEXT NOT NULL,
    "errors" TEXT NOT NULL DEFAULT '[]',
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "completedAt" DATETIME,
    "expiresAt" DATETIME
);

-- CreateTable
CREATE TABLE "Download" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "userId" INTEGER,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "fileName" TEXT NOT NULL,
    "content" TEXT,
    "rowCount" INTEGER NOT NULL DEFAULT 0,
    "jobId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "Profile_companyId_createdAt_idx" ON "Profile"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "Profile_companyId_updatedAt_idx" ON "Profile"("companyId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_companyId_email_key" ON "Profile"("companyId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_companyId_phoneNumber_key" ON "Profile"("companyId", "phoneNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_companyId_externalId_key" ON "Profile"("companyId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_companyId_anonymousId_key" ON "Profile"("companyId", "anonymousId");

-- CreateIndex
CREATE INDEX "ProfileConsent_companyId_channel_status_idx" ON "ProfileConsent"("companyId", "channel", "status");

-- CreateIndex
CREATE UNIQUE INDEX "ProfileConsent_profileId_channel_key" ON "ProfileConsent"("profileId", "channel");

-- CreateIndex
CREATE INDEX "Suppression_companyId_channel_clearedAt_idx" ON "Suppression"("companyId", "channel", "clearedAt");

-- CreateIndex
CREATE INDEX "Suppression_profileId_idx" ON "Suppression"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "Metric_companyId_name_key" ON "Metric"("companyId", "name");

-- CreateIndex
CREATE INDEX "Event_companyId_metricId_ts_idx" ON "Event"("companyId", "metricId", "ts");

-- CreateIndex
CREATE INDEX "Event_profileId_metricId_ts_idx" ON "Event"("profileId", "metricId", "ts");

-- CreateIndex
CREATE INDEX "Event_companyId_ts_idx" ON "Event"("companyId", "ts");

-- CreateIndex
CREATE UNIQUE INDEX "Event_companyId_profileId_metricId_uniqueId_key" ON "Event"("companyId", "profileId", "metricId", "uniqueId");

-- CreateIndex
CREATE INDEX "Group_companyId_type_deletedAt_idx" ON "Group"("companyId", "type", "deletedAt");

-- CreateIndex
CREATE INDEX "GroupMembership_companyId_profileId_idx" ON "GroupMembership"("companyId", "profileId");

-- CreateIndex
CREATE INDEX "GroupMembership_groupId_leftAt_idx" ON "GroupMembership"("groupId", "leftAt");

-- CreateIndex
CREATE UNIQUE INDEX "GroupMembership_groupId_profileId_key" ON "GroupMembership"("groupId", "profileId");

-- CreateIndex
CREATE INDEX "GroupMembershipChange_groupId_at_idx" ON "GroupMembershipChange"("groupId", "at");

-- CreateIndex
CREATE INDEX "GroupMembershipChange_companyId_profileId_idx" ON "GroupMembershipChange"("companyId", "profileId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_companyId_idx" ON "ApiKey"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "Job_idempotencyKey_key" ON "Job"("idempotencyKey");

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_type_status_idx" ON "Job"("type", "status");

-- CreateIndex
CREATE INDEX "ImportJob_companyId_createdAt_idx" ON "ImportJob"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "Download_companyId_createdAt_idx" ON "Download"("companyId", "createdAt");
