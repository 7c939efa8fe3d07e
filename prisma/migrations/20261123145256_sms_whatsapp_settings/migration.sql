-- CreateTable
CREATE TABLE "SmsSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "provider" TEXT NOT NULL DEFAULT 'twilio',
    "accountSid" TEXT,
    "authTokenSealed" TEXT,
    "senderNumber" TEXT,
    "messagingServiceSid" TEXT,
    "baseUrl" TEXT NOT NULL DEFAULT 'https://api.twilio.com',
    "helpText" TEXT,
    "keywords" TEXT NOT NULL DEFAULT '{}',
    "costPerSegment" REAL NOT NULL DEFAULT 0.0079,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "maxSegments" INTEGER NOT NULL DEFAULT 10,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SmsPhoneNumber" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "WhatsAppSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "phoneNumberId" TEXT,
    "businessAccountId" TEXT,
    "accessTokenSealed" TEXT,
    "appSecretSealed" TEXT,
    "verifyToken" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL DEFAULT 'https://graph.facebook.com/v21.0',
    "templates" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "SmsPhoneNumber_number_key" ON "SmsPhoneNumber"("number");

-- CreateIndex
CREATE INDEX "SmsPhoneNumber_companyId_idx" ON "SmsPhoneNumber"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "WhatsAppSettings_phoneNumberId_key" ON "WhatsAppSettings"("phoneNumberId");

-- CreateIndex
CREATE UNIQUE INDEX "WhatsAppSettings_verifyToken_key" ON "WhatsAppSettings"("verifyToken");
