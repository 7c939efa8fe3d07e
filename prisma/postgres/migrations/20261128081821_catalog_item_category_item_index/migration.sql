-- CreateIndex
CREATE INDEX "CatalogItemCategory_companyId_itemId_idx" ON "CatalogItemCategory"("companyId", "itemId");
