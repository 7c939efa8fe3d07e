-- CreateTable
CREATE TABLE "SendDailyRollup" (
    "companyId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "billed" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "units" INTEGER NOT NULL,

    PRIMARY KEY ("companyId", "day", "channel", "status", "billed")
);

-- CreateTable
CREATE TABLE "SendRollupDay" (
    "companyId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "rolledVersion" INTEGER,
    "computedAt" DATETIME,

    PRIMARY KEY ("companyId", "day")
);

-- A closed day's rollup is current only while nothing has moved in its sends since it was
-- computed: every write of a send that can change a day's counts (an insert with sendingAt, a
-- delete, a new status, segments, channel, source type or sendingAt) bumps the version of the
-- day it leaves and the day it lands on, in the writer's transaction, so no code path (bounce
-- reports days later, SMS and WhatsApp status webhooks, retries, profile deletions) can forget
-- it. Only days the job has taken up have a SendRollupDay row; the send pipeline's writes are
-- on the open day and find none, so they cost one primary-key probe and no write.
CREATE TRIGGER "Send_rollup_insert" AFTER INSERT ON "Send"
WHEN NEW."sendingAt" IS NOT NULL
BEGIN
  UPDATE "SendRollupDay" SET "version" = "version" + 1
  WHERE "companyId" = NEW."companyId" AND "day" = substr(NEW."sendingAt", 1, 10);
END;

CREATE TRIGGER "Send_rollup_delete" AFTER DELETE ON "Send"
WHEN OLD."sendingAt" IS NOT NULL
BEGIN
  UPDATE "SendRollupDay" SET "version" = "version" + 1
  WHERE "companyId" = OLD."companyId" AND "day" = substr(OLD."sendingAt", 1, 10);
END;

CREATE TRIGGER "Send_rollup_update" AFTER UPDATE OF "companyId", "channel", "sourceType", "status", "sendingAt", "segments" ON "Send"
WHEN OLD."companyId" IS NOT NEW."companyId" OR OLD."channel" IS NOT NEW."channel"
  OR OLD."sourceType" IS NOT NEW."sourceType" OR OLD."status" IS NOT NEW."status"
  OR OLD."sendingAt" IS NOT NEW."sendingAt" OR OLD."segments" IS NOT NEW."segments"
BEGIN
  UPDATE "SendRollupDay" SET "version" = "version" + 1
  WHERE "companyId" = OLD."companyId" AND "day" = substr(OLD."sendingAt", 1, 10);
  UPDATE "SendRollupDay" SET "version" = "version" + 1
  WHERE "companyId" = NEW."companyId" AND "day" = substr(NEW."sendingAt", 1, 10);
END;
