-- CreateTable
CREATE TABLE "ListChangeDailyRollup" (
    "companyId" INTEGER NOT NULL,
    "groupId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ListChangeDailyRollup_pkey" PRIMARY KEY ("groupId","day","kind")
);

-- CreateIndex
CREATE INDEX "ListChangeDailyRollup_companyId_day_idx" ON "ListChangeDailyRollup"("companyId", "day");

-- Kept exact by triggers, as the metric hourly rollup is: every writer of membership changes
-- (segment and list updates, imports, unsubscribes, seeds, tests) and every delete (a profile's
-- data erased) moves it in the same transaction. Only lists are kept (Group.type 0). Statement-
-- level with transition tables: a batch of changes costs one grouped upsert. Rows are locked in
-- (groupId, day, kind) order so two writers cannot deadlock on them.
CREATE FUNCTION "list_change_rollup"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM "ListChangeDailyRollup" r
      JOIN (SELECT DISTINCT "groupId", to_char("at", 'YYYY-MM-DD') AS day, "kind" FROM old_rows) d
        ON r."groupId" = d."groupId" AND r."day" = d.day AND r."kind" = d."kind"
      ORDER BY r."groupId", r."day", r."kind" FOR UPDATE OF r;
    UPDATE "ListChangeDailyRollup" r SET "count" = r."count" - d.n
      FROM (SELECT "groupId", to_char("at", 'YYYY-MM-DD') AS day, "kind", count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
      WHERE r."groupId" = d."groupId" AND r."day" = d.day AND r."kind" = d."kind";
    DELETE FROM "ListChangeDailyRollup" r
      USING (SELECT DISTINCT "groupId", to_char("at", 'YYYY-MM-DD') AS day, "kind" FROM old_rows) d
      WHERE r."groupId" = d."groupId" AND r."day" = d.day AND r."kind" = d."kind" AND r."count" <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "ListChangeDailyRollup" ("companyId", "groupId", "day", "kind", "count")
      SELECT min(n."companyId"), n."groupId", to_char(n."at", 'YYYY-MM-DD'), n."kind", count(*)
        FROM new_rows n JOIN "Group" g ON g."id" = n."groupId" AND g."type" = 0
        GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT ("groupId", "day", "kind") DO UPDATE
        SET "count" = "ListChangeDailyRollup"."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "GroupMembershipChange_rollup_insert" AFTER INSERT ON "GroupMembershipChange"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_change_rollup"();
CREATE TRIGGER "GroupMembershipChange_rollup_delete" AFTER DELETE ON "GroupMembershipChange"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_change_rollup"();
CREATE TRIGGER "GroupMembershipChange_rollup_update" AFTER UPDATE ON "GroupMembershipChange"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_change_rollup"();

-- Backfill: the lists' changes already stored (after the triggers, whose lock on the table holds
-- off concurrent inserts until this migration commits, so none is counted twice or missed).
INSERT INTO "ListChangeDailyRollup" ("companyId", "groupId", "day", "kind", "count")
SELECT min(c."companyId"), c."groupId", to_char(c."at", 'YYYY-MM-DD'), c."kind", count(*)
FROM "GroupMembershipChange" c JOIN "Group" g ON g."id" = c."groupId" AND g."type" = 0
GROUP BY 2, 3, 4;
