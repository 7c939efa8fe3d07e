-- The hourly metric rollup (issue 22 §2) kept exact by triggers: every writer of events (set-based
-- ingest, the per-event path, imports, seeds, tests) and every delete, including the cascades
-- of a profile's or a metric's deletion, moves it in the same transaction, so no code path can
-- forget it. An hour is the floor of ts to a multiple of 3600 (negative times included).
CREATE TRIGGER "Event_rollup_insert" AFTER INSERT ON "Event"
BEGIN
  INSERT INTO "MetricHourlyRollup" ("companyId", "metricId", "hour", "count", "value")
  VALUES (NEW."companyId", NEW."metricId", NEW."ts" - ((NEW."ts" % 3600) + 3600) % 3600, 1, coalesce(NEW."value", 0))
  ON CONFLICT ("metricId", "hour") DO UPDATE SET "count" = "count" + 1, "value" = "value" + excluded."value";
END;

CREATE TRIGGER "Event_rollup_delete" AFTER DELETE ON "Event"
BEGIN
  UPDATE "MetricHourlyRollup" SET "count" = "count" - 1, "value" = "value" - coalesce(OLD."value", 0)
  WHERE "metricId" = OLD."metricId" AND "hour" = OLD."ts" - ((OLD."ts" % 3600) + 3600) % 3600;
  -- An emptied hour goes, which also drops the rounding a float subtraction leaves behind.
  DELETE FROM "MetricHourlyRollup"
  WHERE "metricId" = OLD."metricId" AND "hour" = OLD."ts" - ((OLD."ts" % 3600) + 3600) % 3600 AND "count" <= 0;
END;

CREATE TRIGGER "Event_rollup_update" AFTER UPDATE OF "companyId", "metricId", "ts", "value" ON "Event"
BEGIN
  UPDATE "MetricHourlyRollup" SET "count" = "count" - 1, "value" = "value" - coalesce(OLD."value", 0)
  WHERE "metricId" = OLD."metricId" AND "hour" = OLD."ts" - ((OLD."ts" % 3600) + 3600) % 3600;
  DELETE FROM "MetricHourlyRollup"
  WHERE "metricId" = OLD."metricId" AND "hour" = OLD."ts" - ((OLD."ts" % 3600) + 3600) % 3600 AND "count" <= 0;
  INSERT INTO "MetricHourlyRollup" ("companyId", "metricId", "hour", "count", "value")
  VALUES (NEW."companyId", NEW."metricId", NEW."ts" - ((NEW."ts" % 3600) + 3600) % 3600, 1, coalesce(NEW."value", 0))
  ON CONFLICT ("metricId", "hour") DO UPDATE SET "count" = "count" + 1, "value" = "value" + excluded."value";
END;

-- Backfill: the events already stored.
DELETE FROM "MetricHourlyRollup";
INSERT INTO "MetricHourlyRollup" ("companyId", "metricId", "hour", "count", "value")
SELECT min("companyId"), "metricId", "ts" - (("ts" % 3600) + 3600) % 3600, count(*), total("value")
FROM "Event" GROUP BY "metricId", "ts" - (("ts" % 3600) + 3600) % 3600;
