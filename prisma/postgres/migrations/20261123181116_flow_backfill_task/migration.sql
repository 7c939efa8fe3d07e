-- CreateTable
CREATE TABLE "FlowBackfillTask" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "userId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "triggerKind" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "useGroupAddTime" BOOLEAN NOT NULL DEFAULT false,
    "since" TIMESTAMP(3),
    "until" TIMESTAMP(3),
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "entered" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "error" TEXT,
    "notifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "FlowBackfillTask_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FlowBackfillTask_companyId_flowId_id_idx" ON "FlowBackfillTask"("companyId", "flowId", "id");
