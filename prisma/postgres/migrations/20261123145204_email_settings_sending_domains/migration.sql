-- CreateTable
CREATE TABLE "EmailSettings" (
    "companyId" INTEGER NOT NULL,
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
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EmailSettings_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "SendingDomain" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "domain" TEXT NOT NULL,
    "selector" TEXT NOT NULL,
    "privateKey" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "lastCheckAt" TIMESTAMP(3),
    "lastCheck" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SendingDomain_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SendingDomain_companyId_domain_key" ON "SendingDomain"("companyId", "domain");
