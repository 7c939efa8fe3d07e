-- CreateTable
CREATE TABLE "MessageSwap" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "targetKind" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "previous" TEXT NOT NULL,
    "userId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "restoredAt" DATETIME
);

-- CreateIndex
CREATE INDEX "MessageSwap_companyId_targetKind_targetId_createdAt_idx" ON "MessageSwap"("companyId", "targetKind", "targetId", "createdAt");
