-- CreateTable
CREATE TABLE "AccountSetup" (
    "companyId" INTEGER NOT NULL,
    "answers" TEXT NOT NULL DEFAULT '{}',
    "currentStep" TEXT NOT NULL DEFAULT 'init',
    "phone" TEXT,
    "phoneVerifiedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AccountSetup_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "PhoneVerificationCode" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PhoneVerificationCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GuideLaunch" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "guide" TEXT NOT NULL,
    "targetId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GuideLaunch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PhoneVerificationCode_companyId_createdAt_idx" ON "PhoneVerificationCode"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "GuideLaunch_companyId_guide_key" ON "GuideLaunch"("companyId", "guide");
