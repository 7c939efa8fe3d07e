-- CreateTable
CREATE TABLE "TemplateTranslation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "templateId" TEXT,
    "universalContentId" TEXT,
    "locale" TEXT NOT NULL,
    "strings" TEXT NOT NULL DEFAULT '{}',
    "ready" BOOLEAN NOT NULL DEFAULT false,
    "compiled" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "TemplateTranslation_companyId_templateId_ready_idx" ON "TemplateTranslation"("companyId", "templateId", "ready");

-- CreateIndex
CREATE UNIQUE INDEX "TemplateTranslation_companyId_templateId_locale_key" ON "TemplateTranslation"("companyId", "templateId", "locale");

-- CreateIndex
CREATE UNIQUE INDEX "TemplateTranslation_companyId_universalContentId_locale_key" ON "TemplateTranslation"("companyId", "universalContentId", "locale");
