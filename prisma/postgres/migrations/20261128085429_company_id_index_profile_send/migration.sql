-- CreateIndex
CREATE INDEX "Profile_companyId_id_idx" ON "Profile"("companyId", "id");

-- CreateIndex
CREATE INDEX "Send_companyId_id_idx" ON "Send"("companyId", "id");
