-- The hourly metric rollup (issue 22 §2) kept exact by triggers: every writer of events (set-based
-- ingest, the per-event path, imports, seeds, tests) and every delete, including the cascades
-- of a profile's or a metric's deletion, moves it in the same transaction, so no code path can
-- forget it. Statement-level with transition tables: a multi-row INSERT costs one grouped
-- upsert, not one per event. Rows are written in (metricId, hour) order, so two transactions
-- lock them in the same order and cannot deadlock on the rollup.
CREATE FUNCTION "event_rollup"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM "MetricHourlyRollup" r
      JOIN (SELECT DISTINCT "metricId", "ts" - (("ts" % 3600) + 3600) % 3600 AS h FROM old_rows) d
        ON r."metricId" = d."metricId" AND r."hour" = d.h
      ORDER BY r."metricId", r."hour" FOR UPDATE OF r;
    UPDATE "MetricHourlyRollup" r SET "count" = r."count" - d.n, "value" = r."value" - d.v
      FROM (SELECT "metricId", "ts" - (("ts" % 3600) + 3600) % 3600 AS h, count(*) AS n, coalesce(sum("value"), 0) AS v
              FROM old_rows GROUP BY 1, 2) d
      WHERE r."metricId" = d."metricId" AND r."hour" = d.h;
    -- An emptied hour goes, which also drops the rounding a float subtraction leaves behind.
    DELETE FROM "MetricHourlyRollup" r
      USING (SELECT DISTINCT "metricId", "ts" - (("ts" % 3600) + 3600) % 3600 AS h FROM old_rows) d
      WHERE r."metricId" = d."metricId" AND r."hour" = d.h AND r."count" <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "MetricHourlyRollup" ("companyId", "metricId", "hour", "count", "value")
      SELECT min("companyId"), "metricId", "ts" - (("ts" % 3600) + 3600) % 3600, count(*), coalesce(sum("value"), 0)
        FROM new_rows GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT ("metricId", "hour") DO UPDATE
        SET "count" = "MetricHourlyRollup"."count" + excluded."count",
            "value" = "MetricHourlyRollup"."value" + excluded."value";
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Event_rollup_insert" AFTER INSERT ON "Event"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_rollup"();
CREATE TRIGGER "Event_rollup_delete" AFTER DELETE ON "Event"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_rollup"();
CREATE TRIGGER "Event_rollup_update" AFTER UPDATE ON "Event"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_rollup"();

-- Backfill: the events already stored (after the triggers, whose lock on "Event" holds off
-- concurrent inserts until this migration commits, so none is counted twice or missed).
DELETE FROM "MetricHourlyRollup";
INSERT INTO "MetricHourlyRollup" ("companyId", "metricId", "hour", "count", "value")
SELECT min("companyId"), "metricId", "ts" - (("ts" % 3600) + 3600) % 3600, count(*), coalesce(sum("value"), 0)
FROM "Event" GROUP BY 2, 3;
