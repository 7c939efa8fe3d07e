-- CreateIndex
CREATE INDEX "Review_companyId_productExternalId_status_createdAt_idx" ON "Review"("companyId", "productExternalId", "status", "createdAt");
