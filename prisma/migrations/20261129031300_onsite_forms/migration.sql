-- CreateTable
CREATE TABLE "Form" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "formType" TEXT NOT NULL DEFAULT 'popup',
    "channelType" TEXT NOT NULL DEFAULT 'email',
    "listId" TEXT,
    "hasBeenLive" BOOLEAN NOT NULL DEFAULT false,
    "lastPublishedAt" DATETIME,
    "publishAt" DATETIME,
    "unpublishAt" DATETIME,
    "scheduleTimeZone" TEXT,
    "templateKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "FormVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "formId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "variationName" TEXT NOT NULL DEFAULT 'Version A',
    "formType" TEXT NOT NULL DEFAULT 'popup',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "definition" TEXT NOT NULL,
    "experimentId" INTEGER,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FormVersion_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FormExperiment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "formId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "winnerVersionId" INTEGER,
    "winnerMode" TEXT NOT NULL DEFAULT 'automatic',
    "startedAt" DATETIME,
    "endedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FormExperiment_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FormActivity" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "formId" TEXT NOT NULL,
    "formVersionId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "step" INTEGER,
    "visitorId" TEXT NOT NULL,
    "profileId" TEXT,
    "occurredAt" DATETIME NOT NULL,
    "eventKey" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "SubscribeLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "listId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'active',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ConsentPage" (
    "companyId" INTEGER NOT NULL,
    "scope" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("companyId", "scope", "kind")
);

-- CreateTable
CREATE TABLE "OnsiteInstall" (
    "companyId" INTEGER NOT NULL,
    "origin" TEXT NOT NULL,
    "firstSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pings" INTEGER NOT NULL DEFAULT 1,

    PRIMARY KEY ("companyId", "origin")
);

-- CreateTable
CREATE TABLE "OnsiteSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "trackingEnabled" BOOLEAN NOT NULL DEFAULT true,
    "requireConsent" BOOLEAN NOT NULL DEFAULT false,
    "formsEnabled" BOOLEAN NOT NULL DEFAULT true,
    "hostedPages" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Form_companyId_status_idx" ON "Form"("companyId", "status");

-- CreateIndex
CREATE INDEX "Form_companyId_listId_idx" ON "Form"("companyId", "listId");

-- CreateIndex
CREATE INDEX "FormVersion_formId_idx" ON "FormVersion"("formId");

-- CreateIndex
CREATE INDEX "FormVersion_companyId_status_idx" ON "FormVersion"("companyId", "status");

-- CreateIndex
CREATE INDEX "FormExperiment_companyId_formId_idx" ON "FormExperiment"("companyId", "formId");

-- CreateIndex
CREATE INDEX "FormActivity_companyId_formId_occurredAt_idx" ON "FormActivity"("companyId", "formId", "occurredAt");

-- CreateIndex
CREATE UNIQUE INDEX "FormActivity_companyId_eventKey_key" ON "FormActivity"("companyId", "eventKey");

-- CreateIndex
CREATE UNIQUE INDEX "SubscribeLink_slug_key" ON "SubscribeLink"("slug");

-- CreateIndex
CREATE INDEX "SubscribeLink_companyId_listId_idx" ON "SubscribeLink"("companyId", "listId");
