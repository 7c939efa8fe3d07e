-- CreateTable
CREATE TABLE "FlowTag" (
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "tag" TEXT NOT NULL,

    CONSTRAINT "FlowTag_pkey" PRIMARY KEY ("flowId","tag")
);

-- CreateTable
CREATE TABLE "FlowAudit" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "userId" INTEGER,
    "action" TEXT NOT NULL,
    "version" INTEGER,
    "detail" TEXT NOT NULL DEFAULT '{}',
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowAudit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowHoldoutExperiment" (
    "companyId" INTEGER NOT NULL,
    "experimentId" TEXT NOT NULL,
    "percent" INTEGER NOT NULL DEFAULT 10,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowHoldoutExperiment_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "FlowHoldoutOverride" (
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "experimentId" TEXT NOT NULL,
    "isIgnoringHoldoutGroup" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowHoldoutOverride_pkey" PRIMARY KEY ("companyId","flowId")
);

-- CreateTable
CREATE TABLE "FlowCloneTask" (
    "statusKey" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "targetCompanyId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "sourceFlowId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mapping" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "newFlowId" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowCloneTask_pkey" PRIMARY KEY ("statusKey")
);

-- CreateIndex
CREATE INDEX "FlowTag_companyId_tag_idx" ON "FlowTag"("companyId", "tag");

-- CreateIndex
CREATE INDEX "FlowAudit_companyId_flowId_at_idx" ON "FlowAudit"("companyId", "flowId", "at");

-- CreateIndex
CREATE INDEX "FlowCloneTask_companyId_createdAt_idx" ON "FlowCloneTask"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "FlowCloneTask_targetCompanyId_createdAt_idx" ON "FlowCloneTask"("targetCompanyId", "createdAt");
