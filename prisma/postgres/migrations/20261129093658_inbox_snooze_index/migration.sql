-- CreateIndex
CREATE INDEX "Conversation_companyId_status_snoozedUntil_idx" ON "Conversation"("companyId", "status", "snoozedUntil");
