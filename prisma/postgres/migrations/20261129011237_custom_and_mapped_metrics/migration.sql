-- CreateTable
CREATE TABLE "CustomMetric" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "aggregation" TEXT NOT NULL,
    "groups" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomMetric_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MappedMetric" (
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "metricId" TEXT,
    "customMetricId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MappedMetric_pkey" PRIMARY KEY ("companyId","kind")
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomMetric_companyId_name_key" ON "CustomMetric"("companyId", "name");
