-- CreateTable
CREATE TABLE "ProductFeed" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT 'xml',
    "token" TEXT NOT NULL,
    "categoryIds" TEXT NOT NULL DEFAULT '[]',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "ProductFeed_token_key" ON "ProductFeed"("token");

-- CreateIndex
CREATE INDEX "ProductFeed_companyId_createdAt_idx" ON "ProductFeed"("companyId", "createdAt");
