-- CreateTable
CREATE TABLE "Portfolio" (
    "id" SERIAL NOT NULL,
    "ownerUserId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Portfolio_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortfolioAccount" (
    "id" SERIAL NOT NULL,
    "portfolioId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortfolioAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortfolioMetric" (
    "id" SERIAL NOT NULL,
    "portfolioId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortfolioMetric_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortfolioMetricMap" (
    "id" SERIAL NOT NULL,
    "portfolioMetricId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "metricId" TEXT NOT NULL,

    CONSTRAINT "PortfolioMetricMap_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrossAccountCloneJob" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrossAccountCloneJob_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "Portfolio" ADD CONSTRAINT "Portfolio_ownerUserId_fkey" FOREIGN KEY ("ownerUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortfolioAccount" ADD CONSTRAINT "PortfolioAccount_portfolioId_fkey" FOREIGN KEY ("portfolioId") REFERENCES "Portfolio"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortfolioAccount" ADD CONSTRAINT "PortfolioAccount_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortfolioMetric" ADD CONSTRAINT "PortfolioMetric_portfolioId_fkey" FOREIGN KEY ("portfolioId") REFERENCES "Portfolio"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortfolioMetricMap" ADD CONSTRAINT "PortfolioMetricMap_portfolioMetricId_fkey" FOREIGN KEY ("portfolioMetricId") REFERENCES "PortfolioMetric"("id") ON DELETE CASCADE ON UPDATE CASCADE;
