-- CreateIndex
CREATE INDEX "EventAttribution_companyId_sendId_idx" ON "EventAttribution"("companyId", "sendId");
