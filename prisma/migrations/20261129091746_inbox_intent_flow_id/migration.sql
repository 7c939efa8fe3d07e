-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_InboxIntent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT 'custom',
    "phrases" TEXT NOT NULL DEFAULT '[]',
    "action" TEXT NOT NULL DEFAULT 'reply',
    "replyText" TEXT,
    "tag" TEXT,
    "flowId" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "priority" INTEGER NOT NULL DEFAULT 100,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_InboxIntent" ("action", "companyId", "createdAt", "enabled", "flowId", "id", "key", "name", "phrases", "priority", "replyText", "tag", "updatedAt") SELECT "action", "companyId", "createdAt", "enabled", "flowId", "id", "key", "name", "phrases", "priority", "replyText", "tag", "updatedAt" FROM "InboxIntent";
DROP TABLE "InboxIntent";
ALTER TABLE "new_InboxIntent" RENAME TO "InboxIntent";
CREATE INDEX "InboxIntent_companyId_priority_idx" ON "InboxIntent"("companyId", "priority");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
