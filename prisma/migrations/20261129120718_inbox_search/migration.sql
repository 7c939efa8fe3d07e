-- Inbox search (issue 25 §5): a substring search over message text and the profile's name,
-- email and phone read every row with LIKE (255 ms over 100,000 conversations). Two FTS5 tables
-- with the trigram tokenizer answer the same case-insensitive substring question from an index
-- (queries of three characters or more; lib/inbox/search-conversations.ts). Prisma cannot model
-- virtual tables: scripts/db.mjs lists them and their shadow tables as external, so migration
-- diffs neither drop nor recreate them. Triggers keep both in step in the writer's transaction.

-- Message text: an external-content index over ConversationMessage (rowid = message id), so the
-- text is stored once.
CREATE VIRTUAL TABLE "ConversationMessageSearch" USING fts5("body", content='ConversationMessage', content_rowid='id', tokenize='trigram');
INSERT INTO "ConversationMessageSearch"("ConversationMessageSearch") VALUES ('rebuild');

CREATE TRIGGER "ConversationMessage_search_insert" AFTER INSERT ON "ConversationMessage"
BEGIN
  INSERT INTO "ConversationMessageSearch"(rowid, "body") VALUES (NEW."id", NEW."body");
END;

CREATE TRIGGER "ConversationMessage_search_delete" AFTER DELETE ON "ConversationMessage"
BEGIN
  INSERT INTO "ConversationMessageSearch"("ConversationMessageSearch", rowid, "body") VALUES ('delete', OLD."id", OLD."body");
END;

CREATE TRIGGER "ConversationMessage_search_update" AFTER UPDATE OF "body" ON "ConversationMessage"
BEGIN
  INSERT INTO "ConversationMessageSearch"("ConversationMessageSearch", rowid, "body") VALUES ('delete', OLD."id", OLD."body");
  INSERT INTO "ConversationMessageSearch"(rowid, "body") VALUES (NEW."id", NEW."body");
END;

-- The profile's searchable text per conversation (rowid = conversation id): only profiles with a
-- conversation are indexed, so profile writes elsewhere (ingest) pay one index probe at most.
CREATE VIRTUAL TABLE "ConversationProfileSearch" USING fts5("text", tokenize='trigram');
INSERT INTO "ConversationProfileSearch"(rowid, "text")
  SELECT c."id", coalesce(p."firstName", '') || ' ' || coalesce(p."lastName", '') || char(10) || coalesce(p."email", '') || char(10) || coalesce(p."phoneNumber", '')
  FROM "Conversation" c JOIN "Profile" p ON p."id" = c."profileId";

CREATE TRIGGER "Conversation_search_insert" AFTER INSERT ON "Conversation"
BEGIN
  INSERT INTO "ConversationProfileSearch"(rowid, "text")
  SELECT NEW."id", coalesce(p."firstName", '') || ' ' || coalesce(p."lastName", '') || char(10) || coalesce(p."email", '') || char(10) || coalesce(p."phoneNumber", '')
  FROM "Profile" p WHERE p."id" = NEW."profileId";
END;

CREATE TRIGGER "Conversation_search_delete" AFTER DELETE ON "Conversation"
BEGIN
  DELETE FROM "ConversationProfileSearch" WHERE rowid = OLD."id";
END;

CREATE TRIGGER "Conversation_search_profile" AFTER UPDATE OF "profileId" ON "Conversation"
BEGIN
  DELETE FROM "ConversationProfileSearch" WHERE rowid = OLD."id";
  INSERT INTO "ConversationProfileSearch"(rowid, "text")
  SELECT NEW."id", coalesce(p."firstName", '') || ' ' || coalesce(p."lastName", '') || char(10) || coalesce(p."email", '') || char(10) || coalesce(p."phoneNumber", '')
  FROM "Profile" p WHERE p."id" = NEW."profileId";
END;

CREATE TRIGGER "Profile_conversation_search" AFTER UPDATE OF "firstName", "lastName", "email", "phoneNumber" ON "Profile"
WHEN NEW."firstName" IS NOT OLD."firstName" OR NEW."lastName" IS NOT OLD."lastName" OR NEW."email" IS NOT OLD."email" OR NEW."phoneNumber" IS NOT OLD."phoneNumber"
BEGIN
  DELETE FROM "ConversationProfileSearch" WHERE rowid IN (SELECT "id" FROM "Conversation" WHERE "companyId" = NEW."companyId" AND "profileId" = NEW."id");
  INSERT INTO "ConversationProfileSearch"(rowid, "text")
  SELECT c."id", coalesce(NEW."firstName", '') || ' ' || coalesce(NEW."lastName", '') || char(10) || coalesce(NEW."email", '') || char(10) || coalesce(NEW."phoneNumber", '')
  FROM "Conversation" c WHERE c."companyId" = NEW."companyId" AND c."profileId" = NEW."id";
END;
