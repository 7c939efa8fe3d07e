-- CreateTable
CREATE TABLE "Dashboard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DashboardCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "dashboardId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "config" TEXT NOT NULL DEFAULT '{}',
    "position" INTEGER NOT NULL,
    "width" INTEGER NOT NULL DEFAULT 1,
    "timeframe" TEXT NOT NULL DEFAULT 'last_30_days',
    "compare" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "DashboardCard_dashboardId_fkey" FOREIGN KEY ("dashboardId") REFERENCES "Dashboard" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SavedReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'builder',
    "definition" TEXT NOT NULL,
    "createdById" INTEGER,
    "shared" BOOLEAN NOT NULL DEFAULT true,
    "schedule" TEXT NOT NULL DEFAULT 'none',
    "recipients" TEXT NOT NULL DEFAULT '[]',
    "nextRunAt" DATETIME,
    "lastRunAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ReportRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "reportId" TEXT,
    "definition" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "result" TEXT,
    "error" TEXT,
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "ReportRun_reportId_fkey" FOREIGN KEY ("reportId") REFERENCES "SavedReport" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PredictiveModelFit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "params" TEXT NOT NULL DEFAULT '{}',
    "reasons" TEXT NOT NULL DEFAULT '[]',
    "customers" INTEGER NOT NULL DEFAULT 0,
    "holdout" TEXT NOT NULL DEFAULT '{}',
    "trigger" TEXT NOT NULL DEFAULT 'schedule',
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "fittedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ProfilePrediction" (
    "profileId" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "historicClv" REAL NOT NULL,
    "predictedClv" REAL NOT NULL,
    "totalClv" REAL NOT NULL,
    "historicNumberOfOrders" INTEGER NOT NULL,
    "predictedNumberOfOrders" REAL NOT NULL,
    "averageDaysBetweenOrders" REAL,
    "averageOrderValue" REAL NOT NULL,
    "churnProbability" REAL NOT NULL,
    "expectedDateOfNextOrder" DATETIME,
    "fitId" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Monitor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "config" TEXT NOT NULL DEFAULT '{}',
    "comparator" TEXT NOT NULL,
    "threshold" REAL NOT NULL,
    "windowMinutes" INTEGER NOT NULL DEFAULT 60,
    "notify" TEXT NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "state" TEXT NOT NULL DEFAULT 'ok',
    "lastValue" REAL,
    "lastCheckedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "MonitorAlert" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "monitorId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "threshold" REAL NOT NULL,
    "message" TEXT NOT NULL,
    "raisedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" DATETIME,
    "notifiedAt" DATETIME,
    CONSTRAINT "MonitorAlert_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Goal" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "target" REAL NOT NULL,
    "groupId" TEXT,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "MetricHourlyRollup" (
    "companyId" INTEGER NOT NULL,
    "metricId" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "value" REAL NOT NULL DEFAULT 0,

    PRIMARY KEY ("metricId", "hour")
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
