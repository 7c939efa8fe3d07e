-- CreateTable
CREATE TABLE "StaffAuditEntry" (
    "id" SERIAL NOT NULL,
    "staffUserId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "action" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '{}',
    "ip" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffAuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SendingSuspension" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "suspendedById" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "liftedAt" TIMESTAMP(3),
    "liftedById" INTEGER,

    CONSTRAINT "SendingSuspension_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsRestriction" (
    "companyId" INTEGER NOT NULL,
    "blocked" BOOLEAN NOT NULL DEFAULT false,
    "allowedCountryCodes" TEXT NOT NULL DEFAULT '[]',
    "reason" TEXT NOT NULL DEFAULT '',
    "updatedById" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SmsRestriction_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "LitigatorNumber" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL DEFAULT 0,
    "number" TEXT NOT NULL,
    "addedById" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LitigatorNumber_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoConfig" (
    "companyId" INTEGER NOT NULL,
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
    "lastTestedAt" TIMESTAMP(3),
    "lastTestResult" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SsoConfig_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "SsoExemption" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoExemption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoMessageId" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoMessageId_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "SendingSuspension" ADD CONSTRAINT "SendingSuspension_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmsRestriction" ADD CONSTRAINT "SmsRestriction_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoConfig" ADD CONSTRAINT "SsoConfig_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoExemption" ADD CONSTRAINT "SsoExemption_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoExemption" ADD CONSTRAINT "SsoExemption_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
