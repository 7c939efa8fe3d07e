-- CreateTable
CREATE TABLE "ReviewImage" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "reviewId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "mime" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "path" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewImage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewReply" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "reviewId" TEXT NOT NULL,
    "visibility" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "authorUserId" INTEGER,
    "sendId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewReply_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HubWishlistRemoval" (
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "removedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HubWishlistRemoval_pkey" PRIMARY KEY ("companyId","profileId","productId")
);

-- CreateIndex
CREATE INDEX "ReviewImage_companyId_reviewId_idx" ON "ReviewImage"("companyId", "reviewId");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewImage_reviewId_position_key" ON "ReviewImage"("reviewId", "position");

-- CreateIndex
CREATE INDEX "ReviewReply_companyId_reviewId_createdAt_idx" ON "ReviewReply"("companyId", "reviewId", "createdAt");
