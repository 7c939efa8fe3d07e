-- CreateIndex
CREATE INDEX "Send_companyId_sourceType_sourceId_id_idx" ON "Send"("companyId", "sourceType", "sourceId", "id");
