-- CreateTable
CREATE TABLE "SmsSettings" (
    "companyId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'twilio',
    "accountSid" TEXT,
    "authTokenSealed" TEXT,
    "senderNumber" TEXT,
    "messagingServiceSid" TEXT,
    "baseUrl" TEXT NOT NULL DEFAULT 'https://api.twilio.com',
    "helpText" TEXT,
    "keywords" TEXT NOT NULL DEFAULT '{}',
    "costPerSegment" DOUBLE PRECISION NOT NULL DEFAULT 0.0079,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "maxSegments" INTEGER NOT NULL DEFAULT 10,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SmsSettings_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "SmsPhoneNumber" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsPhoneNumber_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WhatsAppSettings" (
    "companyId" INTEGER NOT NULL,
    "phoneNumberId" TEXT,
    "businessAccountId" TEXT,
    "accessTokenSealed" TEXT,
    "appSecretSealed" TEXT,
    "verifyToken" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL DEFAULT 'https://graph.facebook.com/v21.0',
    "templates" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WhatsAppSettings_pkey" PRIMARY KEY ("companyId")
);

-- CreateIndex
CREATE UNIQUE INDEX "SmsPhoneNumber_number_key" ON "SmsPhoneNumber"("number");

-- CreateIndex
CREATE INDEX "SmsPhoneNumber_companyId_idx" ON "SmsPhoneNumber"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "WhatsAppSettings_phoneNumberId_key" ON "WhatsAppSettings"("phoneNumberId");

-- CreateIndex
CREATE UNIQUE INDEX "WhatsAppSettings_verifyToken_key" ON "WhatsAppSettings"("verifyToken");
