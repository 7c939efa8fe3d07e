-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DataSyncRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "syncId" INTEGER NOT NULL,
    "fromCursor" INTEGER NOT NULL,
    "toCursor" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "rows" INTEGER NOT NULL DEFAULT 0,
    "batchesSent" INTEGER NOT NULL DEFAULT 0,
    "lastChangeId" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "nextAttemptAt" DATETIME,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DataSyncRun_syncId_fkey" FOREIGN KEY ("syncId") REFERENCES "DataSync" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DataSyncRun" ("attempts", "batchesSent", "companyId", "createdAt", "error", "finishedAt", "fromCursor", "id", "nextAttemptAt", "rows", "startedAt", "status", "syncId", "toCursor", "trigger") SELECT "attempts", "batchesSent", "companyId", "createdAt", "error", "finishedAt", "fromCursor", "id", "nextAttemptAt", "rows", "startedAt", "status", "syncId", "toCursor", "trigger" FROM "DataSyncRun";
DROP TABLE "DataSyncRun";
ALTER TABLE "new_DataSyncRun" RENAME TO "DataSyncRun";
CREATE INDEX "DataSyncRun_companyId_syncId_id_idx" ON "DataSyncRun"("companyId", "syncId", "id");
CREATE UNIQUE INDEX "DataSyncRun_syncId_fromCursor_toCursor_key" ON "DataSyncRun"("syncId", "fromCursor", "toCursor");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
