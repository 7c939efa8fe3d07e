-- CreateTable
CREATE TABLE "BrandKit" (
    "companyId" INTEGER NOT NULL,
    "styles" TEXT NOT NULL DEFAULT '{}',
    "headerLinks" TEXT NOT NULL DEFAULT '[]',
    "socialIcons" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BrandKit_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "Font" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "url" TEXT,
    "path" TEXT,
    "mime" TEXT,
    "size" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Font_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Font_companyId_createdAt_idx" ON "Font"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Font_companyId_source_family_key" ON "Font"("companyId", "source", "family");
