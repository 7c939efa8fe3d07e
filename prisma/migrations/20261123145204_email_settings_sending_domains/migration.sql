-- CreateTable
CREATE TABLE "EmailSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "defaultFromName" TEXT,
    "defaultFromEmail" TEXT,
    "replyTo" TEXT,
    "openTracking" BOOLEAN NOT NULL DEFAULT true,
    "clickTracking" BOOLEAN NOT NULL DEFAULT true,
    "unsubscribeScope" TEXT NOT NULL DEFAULT 'all',
    "smtpHost" TEXT,
    "smtpPort" INTEGER,
    "smtpSecure" BOOLEAN NOT NULL DEFAULT false,
    "smtpUser" TEXT,
    "smtpPassword" TEXT,
    "rateLimitPerSecond" INTEGER,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SendingDomain" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "domain" TEXT NOT NULL,
    "selector" TEXT NOT NULL,
    "privateKey" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "lastCheckAt" DATETIME,
    "lastCheck" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "SendingDomain_companyId_domain_key" ON "SendingDomain"("companyId", "domain");
