-- CreateTable
CREATE TABLE "FlowRun" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "entryKey" TEXT NOT NULL,
    "triggerKind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "currentActionId" TEXT,
    "wakeAt" TIMESTAMP(3),
    "triggerEvent" TEXT,
    "exitReason" TEXT,
    "stepCount" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedBy" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "FlowRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowStep" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "actionType" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "detail" TEXT,
    "at" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowStep_pkey" PRIMARY KEY ("id")
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
