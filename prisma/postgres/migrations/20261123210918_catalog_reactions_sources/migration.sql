-- CreateTable
CREATE TABLE "BackInStockSubscription" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "channels" TEXT NOT NULL DEFAULT '[]',
    "source" TEXT NOT NULL,
    "openKey" TEXT NOT NULL DEFAULT '',
    "notifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BackInStockSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BackInStockWait" (
    "runId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "flowId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "releasedAt" TIMESTAMP(3),

    CONSTRAINT "BackInStockWait_pkey" PRIMARY KEY ("runId")
);

-- CreateTable
CREATE TABLE "BackInStockSettings" (
    "companyId" INTEGER NOT NULL,
    "inventoryThreshold" INTEGER NOT NULL DEFAULT 0,
    "batchSize" INTEGER NOT NULL DEFAULT 100,
    "batchIntervalMinutes" INTEGER NOT NULL DEFAULT 15,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BackInStockSettings_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "CatalogChangeReaction" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "changeId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "variantId" TEXT,
    "oldValue" DOUBLE PRECISION,
    "newValue" DOUBLE PRECISION,
    "interested" INTEGER NOT NULL DEFAULT 0,
    "entered" INTEGER NOT NULL DEFAULT 0,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogChangeReaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogSource" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "url" TEXT,
    "format" TEXT NOT NULL,
    "scheduleHours" INTEGER NOT NULL DEFAULT 24,
    "nextSyncAt" TIMESTAMP(3),
    "lastSyncAt" TIMESTAMP(3),
    "lastStatus" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogSync" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "sourceId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "full" BOOLEAN NOT NULL DEFAULT false,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "unpublished" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "entryErrors" TEXT NOT NULL DEFAULT '[]',
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CatalogSync_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogScheduledReport" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "flowId" TEXT,
    "frequency" TEXT NOT NULL,
    "nextSendAt" TIMESTAMP(3),
    "lastSentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogScheduledReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BackInStockSubscription_companyId_variantId_notifiedAt_crea_idx" ON "BackInStockSubscription"("companyId", "variantId", "notifiedAt", "createdAt");

-- CreateIndex
CREATE INDEX "BackInStockSubscription_companyId_createdAt_idx" ON "BackInStockSubscription"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BackInStockSubscription_companyId_profileId_variantId_openK_key" ON "BackInStockSubscription"("companyId", "profileId", "variantId", "openKey");

-- CreateIndex
CREATE INDEX "BackInStockWait_companyId_variantId_profileId_idx" ON "BackInStockWait"("companyId", "variantId", "profileId");

-- CreateIndex
CREATE INDEX "CatalogChangeReaction_companyId_kind_at_idx" ON "CatalogChangeReaction"("companyId", "kind", "at");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogChangeReaction_changeId_kind_key" ON "CatalogChangeReaction"("changeId", "kind");

-- CreateIndex
CREATE INDEX "CatalogSource_companyId_createdAt_idx" ON "CatalogSource"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "CatalogSource_nextSyncAt_idx" ON "CatalogSource"("nextSyncAt");

-- CreateIndex
CREATE INDEX "CatalogSync_companyId_sourceId_createdAt_idx" ON "CatalogSync"("companyId", "sourceId", "createdAt");

-- CreateIndex
CREATE INDEX "CatalogScheduledReport_companyId_createdAt_idx" ON "CatalogScheduledReport"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "CatalogScheduledReport_nextSendAt_idx" ON "CatalogScheduledReport"("nextSendAt");
