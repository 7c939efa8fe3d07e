-- CreateTable
CREATE TABLE "FlowMetricOverride" (
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "metricIds" TEXT NOT NULL DEFAULT '{}',
    "updatedBy" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowMetricOverride_pkey" PRIMARY KEY ("companyId","kind")
);
