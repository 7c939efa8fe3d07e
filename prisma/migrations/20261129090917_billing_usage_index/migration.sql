-- CreateIndex
CREATE INDEX "Send_companyId_channel_sendingAt_status_idx" ON "Send"("companyId", "channel", "sendingAt", "status");
