-- CreateTable
CREATE TABLE "FlowWebhookDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "runId" TEXT,
    "profileId" TEXT,
    "stepKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'step',
    "url" TEXT NOT NULL,
    "headers" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "responseCode" INTEGER,
    "responseBody" TEXT,
    "error" TEXT,
    "nextAttemptAt" DATETIME,
    "deliveredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "FlowCodeResult" (
    "stepKey" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "output" TEXT,
    "error" TEXT,
    "durationMs" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "FlowWebhookDelivery_stepKey_key" ON "FlowWebhookDelivery"("stepKey");

-- CreateIndex
CREATE INDEX "FlowWebhookDelivery_companyId_actionId_kind_id_idx" ON "FlowWebhookDelivery"("companyId", "actionId", "kind", "id");

-- CreateIndex
CREATE INDEX "FlowCodeResult_companyId_actionId_idx" ON "FlowCodeResult"("companyId", "actionId");
