-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "importSourceId" TEXT;

-- CreateTable
CREATE TABLE "ReviewRequest" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "orderKey" TEXT NOT NULL,
    "productExternalId" TEXT NOT NULL,
    "sendId" TEXT,
    "reviewId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submittedAt" TIMESTAMP(3),

    CONSTRAINT "ReviewRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewQuestion" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "catalogItemId" TEXT,
    "productExternalId" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "authorEmail" TEXT NOT NULL,
    "answer" TEXT,
    "answerAuthor" TEXT,
    "answeredAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewQuestion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewProductGroup" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewProductGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewProductGroupMember" (
    "groupId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "catalogItemId" TEXT NOT NULL,
    "productExternalId" TEXT NOT NULL,

    CONSTRAINT "ReviewProductGroupMember_pkey" PRIMARY KEY ("groupId","catalogItemId")
);

-- CreateTable
CREATE TABLE "ReviewWidgetSettings" (
    "companyId" INTEGER NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewWidgetSettings_pkey" PRIMARY KEY ("companyId")
);

-- CreateIndex
CREATE INDEX "ReviewRequest_companyId_createdAt_idx" ON "ReviewRequest"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewRequest_companyId_orderKey_productExternalId_profileI_key" ON "ReviewRequest"("companyId", "orderKey", "productExternalId", "profileId");

-- CreateIndex
CREATE INDEX "ReviewQuestion_companyId_status_createdAt_idx" ON "ReviewQuestion"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "ReviewQuestion_companyId_productExternalId_status_createdAt_idx" ON "ReviewQuestion"("companyId", "productExternalId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "ReviewProductGroup_companyId_createdAt_idx" ON "ReviewProductGroup"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "ReviewProductGroupMember_companyId_productExternalId_idx" ON "ReviewProductGroupMember"("companyId", "productExternalId");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewProductGroupMember_companyId_catalogItemId_key" ON "ReviewProductGroupMember"("companyId", "catalogItemId");

-- CreateIndex
CREATE UNIQUE INDEX "Review_companyId_importSourceId_key" ON "Review"("companyId", "importSourceId");

-- AddForeignKey
ALTER TABLE "ReviewProductGroupMember" ADD CONSTRAINT "ReviewProductGroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "ReviewProductGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;
