-- CreateTable
CREATE TABLE "StaffAuditEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "staffUserId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "action" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '{}',
    "ip" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "SendingSuspension" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "suspendedById" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "liftedAt" DATETIME,
    "liftedById" INTEGER,
    CONSTRAINT "SendingSuspension_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SmsRestriction" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "blocked" BOOLEAN NOT NULL DEFAULT false,
    "allowedCountryCodes" TEXT NOT NULL DEFAULT '[]',
    "reason" TEXT NOT NULL DEFAULT '',
    "updatedById" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SmsRestriction_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LitigatorNumber" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL DEFAULT 0,
    "number" TEXT NOT NULL,
    "addedById" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "SsoConfig" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "loginType" TEXT NOT NULL DEFAULT 'saml',
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "enforced" BOOLEAN NOT NULL DEFAULT false,
    "emailDomains" TEXT NOT NULL DEFAULT '[]',
    "idpEntityId" TEXT,
    "idpSsoUrl" TEXT,
    "idpCertificates" TEXT NOT NULL DEFAULT '[]',
    "oidcIssuer" TEXT,
    "oidcAuthorizationUrl" TEXT,
    "oidcTokenUrl" TEXT,
    "oidcUserinfoUrl" TEXT,
    "oidcClientId" TEXT,
    "oidcClientSecretSealed" TEXT,
    "lastTestedAt" DATETIME,
    "lastTestResult" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SsoConfig_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SsoExemption" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SsoExemption_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SsoExemption_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SsoMessageId" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "StaffAuditEntry_companyId_createdAt_idx" ON "StaffAuditEntry"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "StaffAuditEntry_createdAt_idx" ON "StaffAuditEntry"("createdAt");

-- CreateIndex
CREATE INDEX "SendingSuspension_companyId_liftedAt_idx" ON "SendingSuspension"("companyId", "liftedAt");

-- CreateIndex
CREATE INDEX "LitigatorNumber_number_idx" ON "LitigatorNumber"("number");

-- CreateIndex
CREATE UNIQUE INDEX "LitigatorNumber_companyId_number_key" ON "LitigatorNumber"("companyId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "SsoExemption_companyId_userId_key" ON "SsoExemption"("companyId", "userId");

-- CreateIndex
CREATE INDEX "SsoMessageId_expiresAt_idx" ON "SsoMessageId"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "SsoMessageId_companyId_kind_value_key" ON "SsoMessageId"("companyId", "kind", "value");
