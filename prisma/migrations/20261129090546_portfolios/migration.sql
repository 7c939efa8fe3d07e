-- CreateTable
CREATE TABLE "Portfolio" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ownerUserId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Portfolio_ownerUserId_fkey" FOREIGN KEY ("ownerUserId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PortfolioAccount" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "portfolioId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PortfolioAccount_portfolioId_fkey" FOREIGN KEY ("portfolioId") REFERENCES "Portfolio" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PortfolioAccount_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PortfolioMetric" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "portfolioId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PortfolioMetric_portfolioId_fkey" FOREIGN KEY ("portfolioId") REFERENCES "Portfolio" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PortfolioMetricMap" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "portfolioMetricId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "metricId" TEXT NOT NULL,
    CONSTRAINT "PortfolioMetricMap_portfolioMetricId_fkey" FOREIGN KEY ("portfolioMetricId") REFERENCES "PortfolioMetric" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CrossAccountCloneJob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "requestId" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "sourceCompanyId" INTEGER NOT NULL,
    "targetCompanyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mapping" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "resultId" TEXT,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Portfolio_ownerUserId_idx" ON "Portfolio"("ownerUserId");

-- CreateIndex
CREATE INDEX "PortfolioAccount_companyId_idx" ON "PortfolioAccount"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "PortfolioAccount_portfolioId_companyId_key" ON "PortfolioAccount"("portfolioId", "companyId");

-- CreateIndex
CREATE UNIQUE INDEX "PortfolioMetric_portfolioId_name_key" ON "PortfolioMetric"("portfolioId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "PortfolioMetricMap_portfolioMetricId_companyId_key" ON "PortfolioMetricMap"("portfolioMetricId", "companyId");

-- CreateIndex
CREATE UNIQUE INDEX "CrossAccountCloneJob_requestId_key" ON "CrossAccountCloneJob"("requestId");

-- CreateIndex
CREATE INDEX "CrossAccountCloneJob_sourceCompanyId_createdAt_idx" ON "CrossAccountCloneJob"("sourceCompanyId", "createdAt");

-- CreateIndex
CREATE INDEX "CrossAccountCloneJob_targetCompanyId_createdAt_idx" ON "CrossAccountCloneJob"("targetCompanyId", "createdAt");
