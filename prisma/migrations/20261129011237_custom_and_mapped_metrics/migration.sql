-- CreateTable
CREATE TABLE "CustomMetric" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "aggregation" TEXT NOT NULL,
    "groups" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "MappedMetric" (
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "metricId" TEXT,
    "customMetricId" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("companyId", "kind")
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomMetric_companyId_name_key" ON "CustomMetric"("companyId", "name");
