-- CreateTable
CREATE TABLE "FlowMetricOverride" (
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "metricIds" TEXT NOT NULL DEFAULT '{}',
    "updatedBy" INTEGER,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("companyId", "kind")
);
