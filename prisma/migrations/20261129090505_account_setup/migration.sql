-- CreateTable
CREATE TABLE "AccountSetup" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "answers" TEXT NOT NULL DEFAULT '{}',
    "currentStep" TEXT NOT NULL DEFAULT 'init',
    "phone" TEXT,
    "phoneVerifiedAt" DATETIME,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PhoneVerificationCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "GuideLaunch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "guide" TEXT NOT NULL,
    "targetId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "PhoneVerificationCode_companyId_createdAt_idx" ON "PhoneVerificationCode"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "GuideLaunch_companyId_guide_key" ON "GuideLaunch"("companyId", "guide");
