-- CreateTable
CREATE TABLE "ApiRateLimit" (
    "key" TEXT NOT NULL,
    "burstStart" BIGINT NOT NULL,
    "burstCount" INTEGER NOT NULL,
    "burstPrev" INTEGER NOT NULL,
    "steadyStart" BIGINT NOT NULL,
    "steadyCount" INTEGER NOT NULL,
    "steadyPrev" INTEGER NOT NULL,
    "allowed" INTEGER NOT NULL,

    CONSTRAINT "ApiRateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "ApiRateLimit_steadyStart_idx" ON "ApiRateLimit"("steadyStart");
