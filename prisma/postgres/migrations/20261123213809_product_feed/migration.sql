-- CreateTable
CREATE TABLE "ProductFeed" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT 'xml',
    "token" TEXT NOT NULL,
    "categoryIds" TEXT NOT NULL DEFAULT '[]',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductFeed_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ProductFeed_token_key" ON "ProductFeed"("token");

-- CreateIndex
CREATE INDEX "ProductFeed_companyId_createdAt_idx" ON "ProductFeed"("companyId", "createdAt");
