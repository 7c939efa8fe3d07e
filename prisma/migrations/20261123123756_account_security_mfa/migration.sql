-- AlterTable
ALTER TABLE "Session" ADD COLUMN "mfaPending" TEXT;

-- CreateTable
CREATE TABLE "MfaBackupCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MfaBackupCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EmailChangeRequest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "newEmail" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailChangeRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Company" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "localeLanguage" TEXT NOT NULL DEFAULT 'en',
    "localeRegion" TEXT NOT NULL DEFAULT 'US',
    "planKey" TEXT NOT NULL DEFAULT 'free',
    "isTestAccount" BOOLEAN NOT NULL DEFAULT false,
    "isInternalAccount" BOOLEAN NOT NULL DEFAULT false,
    "publicApiKey" TEXT NOT NULL,
    "avatarColor" TEXT NOT NULL DEFAULT '#2f6bd8',
    "websiteUrl" TEXT,
    "industry" TEXT,
    "addressLine1" TEXT,
    "addressLine2" TEXT,
    "city" TEXT,
    "addressRegion" TEXT,
    "postalCode" TEXT,
    "country" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "mfaRequired" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Company" ("addressLine1", "addressLine2", "addressRegion", "avatarColor", "city", "country", "createdAt", "currency", "id", "industry", "isInternalAccount", "isTestAccount", "localeLanguage", "localeRegion", "name", "planKey", "postalCode", "publicApiKey", "status", "timezone", "updatedAt", "websiteUrl") SELECT "addressLine1", "addressLine2", "addressRegion", "avatarColor", "city", "country", "createdAt", "currency", "id", "industry", "isInternalAccount", "isTestAccount", "localeLanguage", "localeRegion", "name", "planKey", "postalCode", "publicApiKey", "status", "timezone", "updatedAt", "websiteUrl" FROM "Company";
DROP TABLE "Company";
ALTER TABLE "new_Company" RENAME TO "Company";
CREATE UNIQUE INDEX "Company_publicApiKey_key" ON "Company"("publicApiKey");
CREATE TABLE "new_User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "locale" TEXT,
    "photoUrl" TEXT,
    "isStaff" BOOLEAN NOT NULL DEFAULT false,
    "staffResources" TEXT NOT NULL DEFAULT '[]',
    "emailConfirmed" BOOLEAN NOT NULL DEFAULT false,
    "lastLoginAt" DATETIME,
    "lastLoginIp" TEXT,
    "mfaEnabled" BOOLEAN NOT NULL DEFAULT false,
    "mfaSecret" TEXT,
    "mfaPendingSecret" TEXT,
    "mfaLastStep" INTEGER,
    "localeRegion" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("createdAt", "email", "emailConfirmed", "firstName", "id", "isStaff", "lastLoginAt", "lastLoginIp", "lastName", "locale", "passwordHash", "photoUrl", "staffResources", "updatedAt") SELECT "createdAt", "email", "emailConfirmed", "firstName", "id", "isStaff", "lastLoginAt", "lastLoginIp", "lastName", "locale", "passwordHash", "photoUrl", "staffResources", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "MfaBackupCode_userId_idx" ON "MfaBackupCode"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "EmailChangeRequest_tokenHash_key" ON "EmailChangeRequest"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailChangeRequest_userId_idx" ON "EmailChangeRequest"("userId");
