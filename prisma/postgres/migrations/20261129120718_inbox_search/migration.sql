-- Inbox search (issue 25 §5): a substring search over message text and the profile's name,
-- email and phone read every row with ILIKE. pg_trgm GIN indexes answer the same
-- case-insensitive substring question (patterns of three characters or more;
-- lib/inbox/search-conversations.ts). The message index is on lower("body"), an expression
-- Prisma does not introspect, so migration diffs leave it alone; the profile text table is
-- listed as external in scripts/db.mjs. Triggers keep it in step in the writer's transaction.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "ConversationMessage_body_search" ON "ConversationMessage" USING gin (lower("body") gin_trgm_ops);

-- The profile's searchable text per conversation: only profiles with a conversation are
-- indexed, so profile writes elsewhere (ingest) pay one index probe at most.
CREATE TABLE "ConversationProfileSearch" (
    "conversationId" INTEGER NOT NULL PRIMARY KEY,
    "text" TEXT NOT NULL
);
CREATE INDEX "ConversationProfileSearch_text" ON "ConversationProfileSearch" USING gin (lower("text") gin_trgm_ops);

INSERT INTO "ConversationProfileSearch" ("conversationId", "text")
  SELECT c."id", coalesce(p."firstName", '') || ' ' || coalesce(p."lastName", '') || chr(10) || coalesce(p."email", '') || chr(10) || coalesce(p."phoneNumber", '')
  FROM "Conversation" c JOIN "Profile" p ON p."id" = c."profileId";

CREATE FUNCTION "conversation_profile_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    DELETE FROM "ConversationProfileSearch" WHERE "conversationId" = OLD."id";
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO "ConversationProfileSearch" ("conversationId", "text")
    SELECT NEW."id", coalesce(p."firstName", '') || ' ' || coalesce(p."lastName", '') || chr(10) || coalesce(p."email", '') || chr(10) || coalesce(p."phoneNumber", '')
    FROM "Profile" p WHERE p."id" = NEW."profileId";
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Conversation_search" AFTER INSERT OR DELETE OR UPDATE OF "profileId" ON "Conversation"
  FOR EACH ROW EXECUTE FUNCTION "conversation_profile_search_sync"();

CREATE FUNCTION "profile_conversation_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ConversationProfileSearch" s
  SET "text" = coalesce(NEW."firstName", '') || ' ' || coalesce(NEW."lastName", '') || chr(10) || coalesce(NEW."email", '') || chr(10) || coalesce(NEW."phoneNumber", '')
  FROM "Conversation" c
  WHERE c."companyId" = NEW."companyId" AND c."profileId" = NEW."id" AND s."conversationId" = c."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Profile_conversation_search" AFTER UPDATE OF "firstName", "lastName", "email", "phoneNumber" ON "Profile"
  FOR EACH ROW
  WHEN (NEW."firstName" IS DISTINCT FROM OLD."firstName" OR NEW."lastName" IS DISTINCT FROM OLD."lastName"
    OR NEW."email" IS DISTINCT FROM OLD."email" OR NEW."phoneNumber" IS DISTINCT FROM OLD."phoneNumber")
  EXECUTE FUNCTION "profile_conversation_search_sync"();
