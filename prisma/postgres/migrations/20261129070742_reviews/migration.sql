-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "catalogItemId" TEXT,
    "productKey" TEXT NOT NULL,
    "productExternalId" TEXT,
    "reviewType" TEXT NOT NULL DEFAULT 'review',
    "rating" INTEGER,
    "title" TEXT,
    "body" TEXT NOT NULL DEFAULT '',
    "authorName" TEXT NOT NULL,
    "authorEmail" TEXT NOT NULL,
    "profileId" TEXT,
    "orderKey" TEXT,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "rejectionReason" TEXT,
    "flags" TEXT NOT NULL DEFAULT '[]',
    "images" TEXT NOT NULL DEFAULT '[]',
    "publicReply" TEXT,
    "publicReplyAuthor" TEXT,
    "publicReplyAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Review_companyId_createdAt_idx" ON "Review"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "Review_companyId_status_createdAt_idx" ON "Review"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Review_catalogItemId_status_createdAt_idx" ON "Review"("catalogItemId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Review_companyId_orderKey_productKey_key" ON "Review"("companyId", "orderKey", "productKey");
