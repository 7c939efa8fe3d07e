-- CreateTable
CREATE TABLE "MessageSwap" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "targetKind" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "previous" TEXT NOT NULL,
    "userId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "restoredAt" TIMESTAMP(3),

    CONSTRAINT "MessageSwap_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MessageSwap_companyId_targetKind_targetId_createdAt_idx" ON "MessageSwap"("companyId", "targetKind", "targetId", "createdAt");
