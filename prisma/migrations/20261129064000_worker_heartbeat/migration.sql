-- CreateTable
CREATE TABLE "WorkerHeartbeat" (
    "workerId" TEXT NOT NULL PRIMARY KEY,
    "startedAt" DATETIME NOT NULL,
    "beatAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "WorkerHeartbeat_beatAt_idx" ON "WorkerHeartbeat"("beatAt");
