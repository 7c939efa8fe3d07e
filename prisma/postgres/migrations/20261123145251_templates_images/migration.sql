-- CreateTable
CREATE TABLE "Template" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "editorType" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT,
    "definition" TEXT,
    "compiledHtml" TEXT NOT NULL,
    "compiledText" TEXT NOT NULL,
    "amp" TEXT,
    "isTransactional" BOOLEAN NOT NULL DEFAULT false,
    "usesEvent" BOOLEAN NOT NULL DEFAULT false,
    "warnings" TEXT,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Template_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UniversalContent" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL DEFAULT 'block',
    "blockType" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "html" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UniversalContent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Image" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "mime" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "path" TEXT NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "sourceUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Image_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Template_companyId_updatedAt_idx" ON "Template"("companyId", "updatedAt");

-- CreateIndex
CREATE INDEX "Template_companyId_createdAt_idx" ON "Template"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "Template_companyId_name_idx" ON "Template"("companyId", "name");

-- CreateIndex
CREATE INDEX "UniversalContent_companyId_updatedAt_idx" ON "UniversalContent"("companyId", "updatedAt");

-- CreateIndex
CREATE INDEX "UniversalContent_companyId_name_idx" ON "UniversalContent"("companyId", "name");

-- CreateIndex
CREATE INDEX "Image_companyId_updatedAt_idx" ON "Image"("companyId", "updatedAt");

-- CreateIndex
CREATE INDEX "Image_companyId_name_idx" ON "Image"("companyId", "name");
