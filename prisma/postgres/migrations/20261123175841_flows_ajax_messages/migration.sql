-- CreateTable
CREATE TABLE "FlowAbTest" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "metric" TEXT NOT NULL DEFAULT 'open_rate',
    "windowHours" INTEGER NOT NULL DEFAULT 24,
    "autoWinner" BOOLEAN NOT NULL DEFAULT false,
    "confidence" DOUBLE PRECISION NOT NULL DEFAULT 0.9,
    "configured" BOOLEAN NOT NULL DEFAULT false,
    "talonId" TEXT,
    "winnerVariationId" TEXT,
    "winnerChosenBy" TEXT,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowAbTest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowSchedule" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "frequency" TEXT NOT NULL DEFAULT 'once',
    "startAt" TIMESTAMP(3) NOT NULL,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "weekdays" TEXT,
    "endAt" TIMESTAMP(3),
    "nextRunAt" TIMESTAMP(3),
    "lastRunAt" TIMESTAMP(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowRecommendationDismissal" (
    "companyId" INTEGER NOT NULL,
    "cardKey" TEXT NOT NULL,
    "userId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowRecommendationDismissal_pkey" PRIMARY KEY ("companyId","cardKey")
);

-- CreateTable
CREATE TABLE "FlowNotificationAction" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "notificationId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "flowId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowNotificationAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FlowAbTest_companyId_actionId_createdAt_idx" ON "FlowAbTest"("companyId", "actionId", "createdAt");

-- CreateIndex
CREATE INDEX "FlowAbTest_companyId_flowId_idx" ON "FlowAbTest"("companyId", "flowId");

-- CreateIndex
CREATE INDEX "FlowSchedule_companyId_flowId_idx" ON "FlowSchedule"("companyId", "flowId");

-- CreateIndex
CREATE INDEX "FlowSchedule_enabled_nextRunAt_idx" ON "FlowSchedule"("enabled", "nextRunAt");

-- CreateIndex
CREATE UNIQUE INDEX "FlowNotificationAction_companyId_userId_notificationId_key" ON "FlowNotificationAction"("companyId", "userId", "notificationId");
