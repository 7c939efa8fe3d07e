-- CreateTable
CREATE TABLE "HubSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "content" TEXT NOT NULL DEFAULT '{}',
    "design" TEXT NOT NULL DEFAULT '{}',
    "returnWindowDays" INTEGER NOT NULL DEFAULT 30,
    "returnRules" TEXT NOT NULL DEFAULT '{}',
    "supportEmail" TEXT,
    "faq" TEXT NOT NULL DEFAULT '[]',
    "webchatEnabled" BOOLEAN NOT NULL DEFAULT false,
    "buttonEnabled" BOOLEAN NOT NULL DEFAULT false,
    "completedTasks" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "HubLoginCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "HubSession" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "HubReturnRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "orderKey" TEXT NOT NULL,
    "itemKey" TEXT NOT NULL,
    "items" TEXT NOT NULL DEFAULT '[]',
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'requested',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "HubSupportMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "HubLoginCode_companyId_profileId_createdAt_idx" ON "HubLoginCode"("companyId", "profileId", "createdAt");

-- CreateIndex
CREATE INDEX "HubSession_expiresAt_idx" ON "HubSession"("expiresAt");

-- CreateIndex
CREATE INDEX "HubReturnRequest_companyId_profileId_createdAt_idx" ON "HubReturnRequest"("companyId", "profileId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "HubReturnRequest_companyId_orderKey_itemKey_key" ON "HubReturnRequest"("companyId", "orderKey", "itemKey");

-- CreateIndex
CREATE INDEX "HubSupportMessage_companyId_createdAt_idx" ON "HubSupportMessage"("companyId", "createdAt");
