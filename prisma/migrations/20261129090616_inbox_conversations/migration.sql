-- CreateTable
CREATE TABLE "Conversation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "snoozedUntil" DATETIME,
    "assigneeUserId" INTEGER,
    "unreadCount" INTEGER NOT NULL DEFAULT 0,
    "lastMessageAt" DATETIME NOT NULL,
    "lastMessagePreview" TEXT NOT NULL DEFAULT '',
    "tags" TEXT NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ConversationMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "conversationId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'message',
    "body" TEXT NOT NULL,
    "media" TEXT,
    "authorUserId" INTEGER,
    "providerMessageId" TEXT,
    "clientRequestId" TEXT,
    "sendId" TEXT,
    "deliveryStatus" TEXT,
    "deliveryReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConversationMessage_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Conversation_companyId_status_lastMessageAt_idx" ON "Conversation"("companyId", "status", "lastMessageAt");

-- CreateIndex
CREATE INDEX "Conversation_companyId_assigneeUserId_status_lastMessageAt_idx" ON "Conversation"("companyId", "assigneeUserId", "status", "lastMessageAt");

-- CreateIndex
CREATE INDEX "Conversation_companyId_lastMessageAt_idx" ON "Conversation"("companyId", "lastMessageAt");

-- CreateIndex
CREATE INDEX "Conversation_companyId_updatedAt_idx" ON "Conversation"("companyId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Conversation_companyId_profileId_channel_key" ON "Conversation"("companyId", "profileId", "channel");

-- CreateIndex
CREATE INDEX "ConversationMessage_companyId_conversationId_id_idx" ON "ConversationMessage"("companyId", "conversationId", "id");

-- CreateIndex
CREATE INDEX "ConversationMessage_companyId_deliveryStatus_idx" ON "ConversationMessage"("companyId", "deliveryStatus");

-- CreateIndex
CREATE INDEX "ConversationMessage_sendId_idx" ON "ConversationMessage"("sendId");

-- CreateIndex
CREATE UNIQUE INDEX "ConversationMessage_companyId_channel_providerMessageId_key" ON "ConversationMessage"("companyId", "channel", "providerMessageId");

-- CreateIndex
CREATE UNIQUE INDEX "ConversationMessage_conversationId_clientRequestId_key" ON "ConversationMessage"("conversationId", "clientRequestId");
