-- CreateTable
CREATE TABLE "SendDailyRollup" (
    "companyId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "billed" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "SendDailyRollup_pkey" PRIMARY KEY ("companyId","day","channel","status","billed")
);

-- CreateTable
CREATE TABLE "SendRollupDay" (
    "companyId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "rolledVersion" INTEGER,
    "computedAt" TIMESTAMP(3),

    CONSTRAINT "SendRollupDay_pkey" PRIMARY KEY ("companyId","day")
);

-- A closed day's rollup is current only while nothing has moved in its sends since it was
-- computed: every write of a send that can change a day's counts bumps the version of the day
-- it leaves and the day it lands on, in the writer's transaction, so no code path (bounce
-- reports days later, SMS and WhatsApp status webhooks, retries, profile deletions) can forget
-- it. Only days the job has taken up have a SendRollupDay row; the send pipeline's writes are on
-- the open day and find none. Statement-level with transition tables: a batch of sends costs one
-- grouped update (transition tables allow no column list, so any UPDATE of Send fires it; an
-- update that changes nothing counted only makes the job recompute a closed day). Rows are
-- locked in (companyId, day) order so two writers cannot deadlock on them.
CREATE FUNCTION "send_rollup_touch"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM "SendRollupDay" r
      JOIN (SELECT DISTINCT "companyId", to_char("sendingAt", 'YYYY-MM-DD') AS day FROM old_rows
             WHERE "sendingAt" IS NOT NULL) d ON r."companyId" = d."companyId" AND r."day" = d.day
      ORDER BY r."companyId", r."day" FOR UPDATE OF r;
    UPDATE "SendRollupDay" r SET "version" = r."version" + 1
      FROM (SELECT DISTINCT "companyId", to_char("sendingAt", 'YYYY-MM-DD') AS day FROM old_rows
             WHERE "sendingAt" IS NOT NULL) d
      WHERE r."companyId" = d."companyId" AND r."day" = d.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM "SendRollupDay" r
      JOIN (SELECT DISTINCT "companyId", to_char("sendingAt", 'YYYY-MM-DD') AS day FROM new_rows
             WHERE "sendingAt" IS NOT NULL) d ON r."companyId" = d."companyId" AND r."day" = d.day
      ORDER BY r."companyId", r."day" FOR UPDATE OF r;
    UPDATE "SendRollupDay" r SET "version" = r."version" + 1
      FROM (SELECT DISTINCT "companyId", to_char("sendingAt", 'YYYY-MM-DD') AS day FROM new_rows
             WHERE "sendingAt" IS NOT NULL) d
      WHERE r."companyId" = d."companyId" AND r."day" = d.day;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Send_rollup_insert" AFTER INSERT ON "Send"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "send_rollup_touch"();
CREATE TRIGGER "Send_rollup_delete" AFTER DELETE ON "Send"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "send_rollup_touch"();
CREATE TRIGGER "Send_rollup_update" AFTER UPDATE ON "Send"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "send_rollup_touch"();
