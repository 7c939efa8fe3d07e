-- CreateTable
CREATE TABLE "Campaign" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "omnicampaignId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'Draft',
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "audiences" TEXT NOT NULL DEFAULT '{"included":[],"excluded":[]}',
    "sendStrategy" TEXT NOT NULL DEFAULT '{"method":"immediate"}',
    "sendOptions" TEXT NOT NULL DEFAULT '{"use_smart_sending":true}',
    "trackingOptions" TEXT NOT NULL DEFAULT '{}',
    "abTest" TEXT,
    "holdoutPercent" INTEGER NOT NULL DEFAULT 0,
    "lateWindowHours" INTEGER,
    "scheduledAt" DATETIME,
    "sendStartedAt" DATETIME,
    "sentAt" DATETIME,
    "pausedAt" DATETIME,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CampaignMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "campaignId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '{}',
    "templateId" TEXT,
    "renderOptions" TEXT,
    "imageId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CampaignVariation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "campaignId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 50,
    "content" TEXT NOT NULL DEFAULT '{}',
    "templateId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CampaignRecipient" (
    "campaignId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "messageId" TEXT NOT NULL,
    "variationId" TEXT,
    "cohort" TEXT NOT NULL DEFAULT 'all',
    "sendAt" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "sendId" TEXT,
    "releasedAt" DATETIME,

    PRIMARY KEY ("campaignId", "profileId")
);

-- CreateTable
CREATE TABLE "CampaignEstimation" (
    "campaignId" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "count" INTEGER,
    "exclusions" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME
);

-- CreateTable
CREATE TABLE "EventAttribution" (
    "eventId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "metricId" TEXT NOT NULL,
    "ts" INTEGER NOT NULL,
    "value" REAL NOT NULL DEFAULT 0,
    "sourceType" TEXT NOT NULL,
    "campaignId" TEXT,
    "flowId" TEXT,
    "messageId" TEXT NOT NULL,
    "sendId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "touch" TEXT NOT NULL,
    "touchTs" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "AttributionSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "conversionMetricId" TEXT,
    "emailOpenWindowHours" INTEGER NOT NULL DEFAULT 120,
    "emailClickWindowHours" INTEGER NOT NULL DEFAULT 120,
    "smsClickWindowHours" INTEGER NOT NULL DEFAULT 24,
    "pushOpenWindowHours" INTEGER NOT NULL DEFAULT 24,
    "countEmailOpens" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "TagGroup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "exclusive" BOOLEAN NOT NULL DEFAULT false,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "groupId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "TagLink" (
    "companyId" INTEGER NOT NULL,
    "tagId" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,

    PRIMARY KEY ("tagId", "resourceType", "resourceId")
);

-- CreateTable
CREATE TABLE "CatalogItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "integrationKey" TEXT NOT NULL DEFAULT '$custom',
    "catalogName" TEXT NOT NULL DEFAULT '$default',
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "price" REAL,
    "url" TEXT NOT NULL DEFAULT '',
    "imageFullUrl" TEXT,
    "imageThumbnailUrl" TEXT,
    "imageUrls" TEXT NOT NULL DEFAULT '[]',
    "published" BOOLEAN NOT NULL DEFAULT true,
    "customMetadata" TEXT NOT NULL DEFAULT '{}',
    "itemType" TEXT,
    "itemSubtypeId" INTEGER,
    "sourceId" TEXT,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CatalogVariant" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "itemId" TEXT NOT NULL,
    "integrationKey" TEXT NOT NULL DEFAULT '$custom',
    "catalogName" TEXT NOT NULL DEFAULT '$default',
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "sku" TEXT NOT NULL,
    "price" REAL NOT NULL,
    "url" TEXT NOT NULL DEFAULT '',
    "imageFullUrl" TEXT,
    "imageThumbnailUrl" TEXT,
    "imageUrls" TEXT NOT NULL DEFAULT '[]',
    "inventoryQuantity" INTEGER NOT NULL DEFAULT 0,
    "inventoryPolicy" INTEGER NOT NULL DEFAULT 0,
    "published" BOOLEAN NOT NULL DEFAULT true,
    "customMetadata" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CatalogCategory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "integrationKey" TEXT NOT NULL DEFAULT '$custom',
    "catalogName" TEXT NOT NULL DEFAULT '$default',
    "externalId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CatalogItemCategory" (
    "companyId" INTEGER NOT NULL,
    "itemId" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,

    PRIMARY KEY ("itemId", "categoryId")
);

-- CreateTable
CREATE TABLE "CatalogChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "itemId" TEXT NOT NULL,
    "variantId" TEXT,
    "kind" TEXT NOT NULL,
    "oldValue" REAL,
    "newValue" REAL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Coupon" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "monitorConfiguration" TEXT NOT NULL DEFAULT '{}',
    "integrationKey" TEXT NOT NULL DEFAULT '$custom',
    "lowBalanceAlertedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CouponCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "couponId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'UNASSIGNED',
    "expiresAt" DATETIME,
    "profileId" TEXT,
    "assignKey" TEXT,
    "assignedAt" DATETIME,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Campaign_companyId_updatedAt_idx" ON "Campaign"("companyId", "updatedAt");

-- CreateIndex
CREATE INDEX "Campaign_companyId_status_idx" ON "Campaign"("companyId", "status");

-- CreateIndex
CREATE INDEX "Campaign_status_scheduledAt_idx" ON "Campaign"("status", "scheduledAt");

-- CreateIndex
CREATE INDEX "CampaignMessage_companyId_campaignId_idx" ON "CampaignMessage"("companyId", "campaignId");

-- CreateIndex
CREATE INDEX "CampaignVariation_companyId_campaignId_idx" ON "CampaignVariation"("companyId", "campaignId");

-- CreateIndex
CREATE INDEX "CampaignRecipient_campaignId_status_sendAt_idx" ON "CampaignRecipient"("campaignId", "status", "sendAt");

-- CreateIndex
CREATE INDEX "CampaignRecipient_status_sendAt_idx" ON "CampaignRecipient"("status", "sendAt");

-- CreateIndex
CREATE INDEX "CampaignEstimation_companyId_idx" ON "CampaignEstimation"("companyId");

-- CreateIndex
CREATE INDEX "EventAttribution_companyId_metricId_ts_idx" ON "EventAttribution"("companyId", "metricId", "ts");

-- CreateIndex
CREATE INDEX "EventAttribution_companyId_campaignId_idx" ON "EventAttribution"("companyId", "campaignId");

-- CreateIndex
CREATE INDEX "EventAttribution_companyId_flowId_idx" ON "EventAttribution"("companyId", "flowId");

-- CreateIndex
CREATE INDEX "TagGroup_companyId_idx" ON "TagGroup"("companyId");

-- CreateIndex
CREATE INDEX "Tag_companyId_groupId_idx" ON "Tag"("companyId", "groupId");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_companyId_name_key" ON "Tag"("companyId", "name");

-- CreateIndex
CREATE INDEX "TagLink_companyId_resourceType_resourceId_idx" ON "TagLink"("companyId", "resourceType", "resourceId");

-- CreateIndex
CREATE INDEX "CatalogItem_companyId_createdAt_idx" ON "CatalogItem"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "CatalogItem_companyId_title_idx" ON "CatalogItem"("companyId", "title");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogItem_companyId_integrationKey_catalogName_externalId_key" ON "CatalogItem"("companyId", "integrationKey", "catalogName", "externalId");

-- CreateIndex
CREATE INDEX "CatalogVariant_companyId_itemId_idx" ON "CatalogVariant"("companyId", "itemId");

-- CreateIndex
CREATE INDEX "CatalogVariant_companyId_sku_idx" ON "CatalogVariant"("companyId", "sku");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogVariant_companyId_integrationKey_catalogName_externalId_key" ON "CatalogVariant"("companyId", "integrationKey", "catalogName", "externalId");

-- CreateIndex
CREATE INDEX "CatalogCategory_companyId_name_idx" ON "CatalogCategory"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogCategory_companyId_integrationKey_catalogName_externalId_key" ON "CatalogCategory"("companyId", "integrationKey", "catalogName", "externalId");

-- CreateIndex
CREATE INDEX "CatalogItemCategory_companyId_categoryId_idx" ON "CatalogItemCategory"("companyId", "categoryId");

-- CreateIndex
CREATE INDEX "CatalogChange_companyId_itemId_at_idx" ON "CatalogChange"("companyId", "itemId", "at");

-- CreateIndex
CREATE INDEX "CatalogChange_processedAt_id_idx" ON "CatalogChange"("processedAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Coupon_companyId_externalId_key" ON "Coupon"("companyId", "externalId");

-- CreateIndex
CREATE INDEX "CouponCode_companyId_couponId_status_id_idx" ON "CouponCode"("companyId", "couponId", "status", "id");

-- CreateIndex
CREATE INDEX "CouponCode_companyId_profileId_idx" ON "CouponCode"("companyId", "profileId");

-- CreateIndex
CREATE UNIQUE INDEX "CouponCode_companyId_couponId_code_key" ON "CouponCode"("companyId", "couponId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "CouponCode_companyId_assignKey_key" ON "CouponCode"("companyId", "assignKey");
