-- AlterTable
ALTER TABLE "SmsSettings" ADD COLUMN "disclosureText" TEXT;

-- CreateTable
CREATE TABLE "InboxSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessHours" TEXT NOT NULL DEFAULT '{}',
    "awayEnabled" BOOLEAN NOT NULL DEFAULT false,
    "awayText" TEXT NOT NULL DEFAULT '',
    "faqAutoAnswer" BOOLEAN NOT NULL DEFAULT false,
    "channels" TEXT NOT NULL DEFAULT '["sms","whatsapp","email","chat"]',
    "inboundNumbers" TEXT NOT NULL DEFAULT '[]',
    "autoCloseDays" INTEGER NOT NULL DEFAULT 0,
    "botName" TEXT NOT NULL DEFAULT '',
    "onboardedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "InboxQuickReply" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "InboxFaq" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "phrases" TEXT NOT NULL DEFAULT '[]',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "InboxIntent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT 'custom',
    "phrases" TEXT NOT NULL DEFAULT '[]',
    "action" TEXT NOT NULL DEFAULT 'reply',
    "replyText" TEXT,
    "tag" TEXT,
    "flowId" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "priority" INTEGER NOT NULL DEFAULT 100,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "InboxAutomationDecision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "messageId" INTEGER NOT NULL,
    "conversationId" INTEGER NOT NULL,
    "ruleKind" TEXT NOT NULL,
    "ruleId" INTEGER,
    "dedupeKey" TEXT,
    "actions" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "SmsKeyword" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "keyword" TEXT NOT NULL,
    "listId" TEXT NOT NULL,
    "confirmation" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SmsSenderNumber" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SmsCountryRate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "country" TEXT NOT NULL,
    "costPerSegment" REAL NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SmsRegistration" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "country" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "details" TEXT NOT NULL DEFAULT '{}',
    "submittedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "InboxQuickReply_companyId_name_key" ON "InboxQuickReply"("companyId", "name");

-- CreateIndex
CREATE INDEX "InboxFaq_companyId_idx" ON "InboxFaq"("companyId");

-- CreateIndex
CREATE INDEX "InboxIntent_companyId_priority_idx" ON "InboxIntent"("companyId", "priority");

-- CreateIndex
CREATE UNIQUE INDEX "InboxAutomationDecision_companyId_messageId_ruleKind_key" ON "InboxAutomationDecision"("companyId", "messageId", "ruleKind");

-- CreateIndex
CREATE UNIQUE INDEX "InboxAutomationDecision_companyId_dedupeKey_key" ON "InboxAutomationDecision"("companyId", "dedupeKey");

-- CreateIndex
CREATE UNIQUE INDEX "SmsKeyword_companyId_keyword_key" ON "SmsKeyword"("companyId", "keyword");

-- CreateIndex
CREATE UNIQUE INDEX "SmsSenderNumber_companyId_country_value_key" ON "SmsSenderNumber"("companyId", "country", "value");

-- CreateIndex
CREATE UNIQUE INDEX "SmsCountryRate_companyId_country_key" ON "SmsCountryRate"("companyId", "country");

-- CreateIndex
CREATE UNIQUE INDEX "SmsRegistration_companyId_country_key" ON "SmsRegistration"("companyId", "country");
