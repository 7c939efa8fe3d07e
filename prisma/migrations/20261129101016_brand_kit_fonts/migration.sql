-- CreateTable
CREATE TABLE "BrandKit" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "styles" TEXT NOT NULL DEFAULT '{}',
    "headerLinks" TEXT NOT NULL DEFAULT '[]',
    "socialIcons" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Font" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "url" TEXT,
    "path" TEXT,
    "mime" TEXT,
    "size" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Font_companyId_createdAt_idx" ON "Font"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Font_companyId_source_family_key" ON "Font"("companyId", "source", "family");
