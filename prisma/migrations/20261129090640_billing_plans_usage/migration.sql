-- AlterTable
ALTER TABLE "Send" ADD COLUMN "segments" INTEGER;

-- CreateTable
CREATE TABLE "BillingPlan" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "tierIndex" INTEGER NOT NULL DEFAULT 0,
    "activeProfilesLimit" INTEGER,
    "monthlySendsLimit" INTEGER,
    "smsCredits" INTEGER,
    "country" TEXT,
    "priceCents" INTEGER NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "interval" TEXT NOT NULL DEFAULT 'month',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "stripePriceId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CompanySubscription" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "emailPlanKey" TEXT NOT NULL DEFAULT 'free',
    "smsPlanKey" TEXT,
    "addonPlanKeys" TEXT NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'active',
    "periodStart" DATETIME NOT NULL,
    "periodEnd" DATETIME NOT NULL,
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "autoUpgradeEmail" BOOLEAN NOT NULL DEFAULT false,
    "autoUpgradeSms" BOOLEAN NOT NULL DEFAULT false,
    "billingEmail" TEXT,
    "referralCode" TEXT,
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BillingAddress" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyName" TEXT,
    "taxId" TEXT,
    "line1" TEXT NOT NULL,
    "line2" TEXT,
    "city" TEXT NOT NULL,
    "region" TEXT,
    "postalCode" TEXT,
    "country" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "periodStart" DATETIME NOT NULL,
    "periodEnd" DATETIME NOT NULL,
    "lines" TEXT NOT NULL,
    "subtotalCents" INTEGER NOT NULL,
    "taxRateBps" INTEGER NOT NULL DEFAULT 0,
    "taxCents" INTEGER NOT NULL DEFAULT 0,
    "totalCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "status" TEXT NOT NULL DEFAULT 'open',
    "stripeInvoiceId" TEXT,
    "billTo" TEXT,
    "issuedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" DATETIME
);

-- CreateTable
CREATE TABLE "BillingEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "provider" TEXT NOT NULL DEFAULT 'stripe',
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "companyId" INTEGER,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PlanChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "fromPlanKey" TEXT,
    "toPlanKey" TEXT,
    "reason" TEXT NOT NULL,
    "userId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "UsageWarning" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "periodStart" DATETIME NOT NULL,
    "channel" TEXT NOT NULL,
    "threshold" INTEGER NOT NULL,
    "sentAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Referral" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "referredCompanyId" INTEGER NOT NULL,
    "creditCents" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creditedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "BillingPlan_channel_active_tierIndex_idx" ON "BillingPlan"("channel", "active", "tierIndex");

-- CreateIndex
CREATE UNIQUE INDEX "CompanySubscription_referralCode_key" ON "CompanySubscription"("referralCode");

-- CreateIndex
CREATE UNIQUE INDEX "CompanySubscription_stripeCustomerId_key" ON "CompanySubscription"("stripeCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "CompanySubscription_stripeSubscriptionId_key" ON "CompanySubscription"("stripeSubscriptionId");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_stripeInvoiceId_key" ON "Invoice"("stripeInvoiceId");

-- CreateIndex
CREATE INDEX "Invoice_companyId_issuedAt_idx" ON "Invoice"("companyId", "issuedAt");

-- CreateIndex
CREATE UNIQUE INDEX "BillingEvent_provider_eventId_key" ON "BillingEvent"("provider", "eventId");

-- CreateIndex
CREATE INDEX "PlanChange_companyId_createdAt_idx" ON "PlanChange"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "UsageWarning_companyId_periodStart_channel_threshold_key" ON "UsageWarning"("companyId", "periodStart", "channel", "threshold");

-- CreateIndex
CREATE UNIQUE INDEX "Referral_referredCompanyId_key" ON "Referral"("referredCompanyId");

-- CreateIndex
CREATE INDEX "Referral_companyId_idx" ON "Referral"("companyId");
