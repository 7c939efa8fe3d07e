-- CreateTable
CREATE TABLE "PushToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "vendor" TEXT NOT NULL,
    "enablementStatus" TEXT NOT NULL DEFAULT 'AUTHORIZED',
    "background" TEXT NOT NULL DEFAULT 'AVAILABLE',
    "metadata" TEXT NOT NULL DEFAULT '{}',
    "unregisteredAt" DATETIME,
    "unregisterReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PushSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "serviceAccountSealed" TEXT,
    "projectId" TEXT,
    "clientEmail" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Webhook" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "endpointUrl" TEXT NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "WebhookTopicSubscription" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "eventId" INTEGER,
    "eventKey" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "responseCode" INTEGER,
    "error" TEXT,
    "nextAttemptAt" DATETIME,
    "deliveredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "PushToken_companyId_profileId_idx" ON "PushToken"("companyId", "profileId");

-- CreateIndex
CREATE INDEX "PushToken_companyId_id_idx" ON "PushToken"("companyId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PushToken_companyId_token_key" ON "PushToken"("companyId", "token");

-- CreateIndex
CREATE INDEX "Webhook_companyId_createdAt_idx" ON "Webhook"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookTopicSubscription_companyId_topic_idx" ON "WebhookTopicSubscription"("companyId", "topic");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookTopicSubscription_webhookId_topic_key" ON "WebhookTopicSubscription"("webhookId", "topic");

-- CreateIndex
CREATE INDEX "WebhookDelivery_companyId_webhookId_id_idx" ON "WebhookDelivery"("companyId", "webhookId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_webhookId_eventKey_key" ON "WebhookDelivery"("webhookId", "eventKey");
