-- CreateTable
CREATE TABLE "ListChangeDailyRollup" (
    "companyId" INTEGER NOT NULL,
    "groupId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("groupId", "day", "kind")
);

-- CreateIndex
CREATE INDEX "ListChangeDailyRollup_companyId_day_idx" ON "ListChangeDailyRollup"("companyId", "day");

-- Kept exact by triggers, as the metric hourly rollup is: every writer of membership changes
-- (segment and list updates, imports, unsubscribes, seeds, tests) and every delete (a profile's
-- data erased) moves it in the same transaction. Only lists are kept (Group.type 0): a segment's
-- change costs the trigger one primary-key lookup of its group and no write. A list stays a list.
CREATE TRIGGER "GroupMembershipChange_rollup_insert" AFTER INSERT ON "GroupMembershipChange"
WHEN (SELECT "type" FROM "Group" WHERE "id" = NEW."groupId") = 0
BEGIN
  INSERT INTO "ListChangeDailyRollup" ("companyId", "groupId", "day", "kind", "count")
  VALUES (NEW."companyId", NEW."groupId", substr(NEW."at", 1, 10), NEW."kind", 1)
  ON CONFLICT ("groupId", "day", "kind") DO UPDATE SET "count" = "count" + 1;
END;

CREATE TRIGGER "GroupMembershipChange_rollup_delete" AFTER DELETE ON "GroupMembershipChange"
BEGIN
  UPDATE "ListChangeDailyRollup" SET "count" = "count" - 1
  WHERE "groupId" = OLD."groupId" AND "day" = substr(OLD."at", 1, 10) AND "kind" = OLD."kind";
  DELETE FROM "ListChangeDailyRollup"
  WHERE "groupId" = OLD."groupId" AND "day" = substr(OLD."at", 1, 10) AND "kind" = OLD."kind" AND "count" <= 0;
END;

CREATE TRIGGER "GroupMembershipChange_rollup_update" AFTER UPDATE OF "companyId", "groupId", "kind", "at" ON "GroupMembershipChange"
BEGIN
  UPDATE "ListChangeDailyRollup" SET "count" = "count" - 1
  WHERE "groupId" = OLD."groupId" AND "day" = substr(OLD."at", 1, 10) AND "kind" = OLD."kind";
  DELETE FROM "ListChangeDailyRollup"
  WHERE "groupId" = OLD."groupId" AND "day" = substr(OLD."at", 1, 10) AND "kind" = OLD."kind" AND "count" <= 0;
  INSERT INTO "ListChangeDailyRollup" ("companyId", "groupId", "day", "kind", "count")
  SELECT NEW."companyId", NEW."groupId", substr(NEW."at", 1, 10), NEW."kind", 1
  WHERE (SELECT "type" FROM "Group" WHERE "id" = NEW."groupId") = 0
  ON CONFLICT ("groupId", "day", "kind") DO UPDATE SET "count" = "count" + 1;
END;

-- Backfill: the lists' changes already stored.
INSERT INTO "ListChangeDailyRollup" ("companyId", "groupId", "day", "kind", "count")
SELECT min(c."companyId"), c."groupId", substr(c."at", 1, 10), c."kind", count(*)
FROM "GroupMembershipChange" c JOIN "Group" g ON g."id" = c."groupId" AND g."type" = 0
GROUP BY c."groupId", substr(c."at", 1, 10), c."kind";
