-- CreateTable
CREATE TABLE "FlowRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "entryKey" TEXT NOT NULL,
    "triggerKind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "currentActionId" TEXT,
    "wakeAt" DATETIME,
    "triggerEvent" TEXT,
    "exitReason" TEXT,
    "stepCount" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedBy" TEXT,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "FlowStep" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "actionType" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "detail" TEXT,
    "at" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "FlowRun_status_wakeAt_idx" ON "FlowRun"("status", "wakeAt");

-- CreateIndex
CREATE INDEX "FlowRun_companyId_flowId_status_currentActionId_idx" ON "FlowRun"("companyId", "flowId", "status", "currentActionId");

-- CreateIndex
CREATE INDEX "FlowRun_companyId_profileId_flowId_createdAt_idx" ON "FlowRun"("companyId", "profileId", "flowId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "FlowRun_flowId_profileId_entryKey_key" ON "FlowRun"("flowId", "profileId", "entryKey");

-- CreateIndex
CREATE INDEX "FlowStep_companyId_flowId_actionId_status_at_idx" ON "FlowStep"("companyId", "flowId", "actionId", "status", "at");

-- CreateIndex
CREATE INDEX "FlowStep_companyId_profileId_at_idx" ON "FlowStep"("companyId", "profileId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "FlowStep_runId_actionId_key" ON "FlowStep"("runId", "actionId");
