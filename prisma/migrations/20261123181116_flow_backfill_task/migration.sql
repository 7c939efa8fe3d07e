-- CreateTable
CREATE TABLE "FlowBackfillTask" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "userId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "triggerKind" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "useGroupAddTime" BOOLEAN NOT NULL DEFAULT false,
    "since" DATETIME,
    "until" DATETIME,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "entered" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "error" TEXT,
    "notifiedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "FlowBackfillTask_companyId_flowId_id_idx" ON "FlowBackfillTask"("companyId", "flowId", "id");
