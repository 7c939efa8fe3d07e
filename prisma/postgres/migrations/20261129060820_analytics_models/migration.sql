-- CreateTable
CREATE TABLE "Dashboard" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Dashboard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DashboardCard" (
    "id" TEXT NOT NULL,
    "dashboardId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "config" TEXT NOT NULL DEFAULT '{}',
    "position" INTEGER NOT NULL,
    "width" INTEGER NOT NULL DEFAULT 1,
    "timeframe" TEXT NOT NULL DEFAULT 'last_30_days',
    "compare" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DashboardCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SavedReport" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'builder',
    "definition" TEXT NOT NULL,
    "createdById" INTEGER,
    "shared" BOOLEAN NOT NULL DEFAULT true,
    "schedule" TEXT NOT NULL DEFAULT 'none',
    "recipients" TEXT NOT NULL DEFAULT '[]',
    "nextRunAt" TIMESTAMP(3),
    "lastRunAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SavedReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReportRun" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "reportId" TEXT,
    "definition" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "result" TEXT,
    "error" TEXT,
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ReportRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PredictiveModelFit" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "params" TEXT NOT NULL DEFAULT '{}',
    "reasons" TEXT NOT NULL DEFAULT '[]',
    "customers" INTEGER NOT NULL DEFAULT 0,
    "holdout" TEXT NOT NULL DEFAULT '{}',
    "trigger" TEXT NOT NULL DEFAULT 'schedule',
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "fittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PredictiveModelFit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProfilePrediction" (
    "profileId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "historicClv" DOUBLE PRECISION NOT NULL,
    "predictedClv" DOUBLE PRECISION NOT NULL,
    "totalClv" DOUBLE PRECISION NOT NULL,
    "historicNumberOfOrders" INTEGER NOT NULL,
    "predictedNumberOfOrders" DOUBLE PRECISION NOT NULL,
    "averageDaysBetweenOrders" DOUBLE PRECISION,
    "averageOrderValue" DOUBLE PRECISION NOT NULL,
    "churnProbability" DOUBLE PRECISION NOT NULL,
    "expectedDateOfNextOrder" TIMESTAMP(3),
    "fitId" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProfilePrediction_pkey" PRIMARY KEY ("profileId")
);

-- CreateTable
CREATE TABLE "Monitor" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "config" TEXT NOT NULL DEFAULT '{}',
    "comparator" TEXT NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "windowMinutes" INTEGER NOT NULL DEFAULT 60,
    "notify" TEXT NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "state" TEXT NOT NULL DEFAULT 'ok',
    "lastValue" DOUBLE PRECISION,
    "lastCheckedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Monitor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MonitorAlert" (
    "id" TEXT NOT NULL,
    "monitorId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "message" TEXT NOT NULL,
    "raisedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "notifiedAt" TIMESTAMP(3),

    CONSTRAINT "MonitorAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Goal" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "target" DOUBLE PRECISION NOT NULL,
    "groupId" TEXT,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Goal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MetricHourlyRollup" (
    "companyId" INTEGER NOT NULL,
    "metricId" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "value" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "MetricHourlyRollup_pkey" PRIMARY KEY ("metricId","hour")
);

-- CreateIndex
CREATE INDEX "Dashboard_companyId_createdAt_idx" ON "Dashboard"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "DashboardCard_dashboardId_position_idx" ON "DashboardCard"("dashboardId", "position");

-- CreateIndex
CREATE INDEX "DashboardCard_companyId_idx" ON "DashboardCard"("companyId");

-- CreateIndex
CREATE INDEX "SavedReport_companyId_kind_createdAt_idx" ON "SavedReport"("companyId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "SavedReport_nextRunAt_idx" ON "SavedReport"("nextRunAt");

-- CreateIndex
CREATE INDEX "ReportRun_companyId_reportId_createdAt_idx" ON "ReportRun"("companyId", "reportId", "createdAt");

-- CreateIndex
CREATE INDEX "ReportRun_status_createdAt_idx" ON "ReportRun"("status", "createdAt");

-- CreateIndex
CREATE INDEX "PredictiveModelFit_companyId_fittedAt_idx" ON "PredictiveModelFit"("companyId", "fittedAt");

-- CreateIndex
CREATE INDEX "ProfilePrediction_companyId_predictedClv_idx" ON "ProfilePrediction"("companyId", "predictedClv");

-- CreateIndex
CREATE INDEX "ProfilePrediction_companyId_churnProbability_idx" ON "ProfilePrediction"("companyId", "churnProbability");

-- CreateIndex
CREATE INDEX "Monitor_companyId_createdAt_idx" ON "Monitor"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "Monitor_enabled_lastCheckedAt_idx" ON "Monitor"("enabled", "lastCheckedAt");

-- CreateIndex
CREATE UNIQUE INDEX "MonitorAlert_dedupeKey_key" ON "MonitorAlert"("dedupeKey");

-- CreateIndex
CREATE INDEX "MonitorAlert_companyId_raisedAt_idx" ON "MonitorAlert"("companyId", "raisedAt");

-- CreateIndex
CREATE INDEX "MonitorAlert_monitorId_raisedAt_idx" ON "MonitorAlert"("monitorId", "raisedAt");

-- CreateIndex
CREATE INDEX "Goal_companyId_endsAt_idx" ON "Goal"("companyId", "endsAt");

-- CreateIndex
CREATE INDEX "MetricHourlyRollup_companyId_hour_idx" ON "MetricHourlyRollup"("companyId", "hour");

-- AddForeignKey
ALTER TABLE "DashboardCard" ADD CONSTRAINT "DashboardCard_dashboardId_fkey" FOREIGN KEY ("dashboardId") REFERENCES "Dashboard"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportRun" ADD CONSTRAINT "ReportRun_reportId_fkey" FOREIGN KEY ("reportId") REFERENCES "SavedReport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorAlert" ADD CONSTRAINT "MonitorAlert_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;
