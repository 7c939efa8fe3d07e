-- CreateTable
CREATE TABLE "Flow" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "triggerType" TEXT,
    "currentVersion" INTEGER NOT NULL DEFAULT 1,
    "webhookSecret" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Flow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowVersion" (
    "id" SERIAL NOT NULL,
    "flowId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "definition" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowAction" (
    "id" TEXT NOT NULL,
    "flowId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "versionAdded" INTEGER NOT NULL,
    "actionType" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "definition" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowMessage" (
    "id" TEXT NOT NULL,
    "flowId" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "name" TEXT,
    "templateId" TEXT,
    "definition" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowTrigger" (
    "flowId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,

    CONSTRAINT "FlowTrigger_pkey" PRIMARY KEY ("flowId","kind","targetId")
);

-- CreateIndex
CREATE INDEX "Flow_companyId_createdAt_idx" ON "Flow"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "Flow_companyId_updatedAt_idx" ON "Flow"("companyId", "updatedAt");

-- CreateIndex
CREATE INDEX "FlowVersion_companyId_idx" ON "FlowVersion"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "FlowVersion_flowId_version_key" ON "FlowVersion"("flowId", "version");

-- CreateIndex
CREATE INDEX "FlowAction_flowId_idx" ON "FlowAction"("flowId");

-- CreateIndex
CREATE INDEX "FlowAction_companyId_idx" ON "FlowAction"("companyId");

-- CreateIndex
CREATE INDEX "FlowMessage_actionId_idx" ON "FlowMessage"("actionId");

-- CreateIndex
CREATE INDEX "FlowMessage_companyId_templateId_idx" ON "FlowMessage"("companyId", "templateId");

-- CreateIndex
CREATE INDEX "FlowTrigger_companyId_kind_targetId_idx" ON "FlowTrigger"("companyId", "kind", "targetId");
