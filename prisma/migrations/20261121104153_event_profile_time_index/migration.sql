-- CreateIndex
CREATE INDEX "Event_profileId_ts_idx" ON "Event"("profileId", "ts");
