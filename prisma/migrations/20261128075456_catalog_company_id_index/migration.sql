-- CreateIndex
CREATE INDEX "CatalogCategory_companyId_id_idx" ON "CatalogCategory"("companyId", "id");

-- CreateIndex
CREATE INDEX "CatalogItem_companyId_id_idx" ON "CatalogItem"("companyId", "id");

-- CreateIndex
CREATE INDEX "CatalogVariant_companyId_id_idx" ON "CatalogVariant"("companyId", "id");
