-- CreateTable
CREATE TABLE "MetricPropertyDimension" (
    "metricId" TEXT NOT NULL,
    "property" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "path" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MetricPropertyDimension_pkey" PRIMARY KEY ("metricId","property")
);

-- CreateTable
CREATE TABLE "MetricPropertyRollup" (
    "companyId" INTEGER NOT NULL,
    "metricId" TEXT NOT NULL,
    "property" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "valueKey" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "value" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "MetricPropertyRollup_pkey" PRIMARY KEY ("metricId","property","hour","valueKey")
);

-- CreateIndex
CREATE INDEX "MetricPropertyDimension_companyId_idx" ON "MetricPropertyDimension"("companyId");

-- The rollup by property value (issue 23 §6) kept exact by triggers, like MetricHourlyRollup
-- (statement-level, transition tables, rows written in key order so two writers cannot
-- deadlock on it), for the properties registered in MetricPropertyDimension. The value
-- expression is the engine's breakdown (lib/metrics/breakdown-sql.ts): a list counts once per
-- element, an empty list or a missing or null value is "no value" ('n'). A delete is the same
-- upsert with negative counts.
CREATE FUNCTION "event_property_rollup"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Most metrics have no registered property: one probe of a small table, then nothing.
  IF NOT EXISTS (SELECT 1 FROM "MetricPropertyDimension" WHERE "status" = 'ready') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO "MetricPropertyRollup" ("companyId", "metricId", "property", "hour", "valueKey", "count", "value")
      SELECT min(x."companyId"), x."metricId", x."property", x.h, x.k, -count(*), -coalesce(sum(x."value"), 0)
        FROM (SELECT o."companyId", o."metricId", d."property", o."ts" - ((o."ts" % 3600) + 3600) % 3600 AS h, o."value",
                coalesce('v' || (CASE WHEN jsonb_typeof(pv.v) = 'array'
                  THEN (CASE jsonb_typeof(el.value) WHEN 'null' THEN NULL ELSE el.value #>> '{}' END)
                  ELSE pv.v #>> '{}' END), 'n') AS k
              FROM old_rows o
              JOIN "MetricPropertyDimension" d ON d."metricId" = o."metricId" AND d."status" = 'ready'
              CROSS JOIN LATERAL (SELECT cast(o."properties" AS jsonb) -> d."property" AS v OFFSET 0) pv
              LEFT JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(pv.v) = 'array' THEN pv.v ELSE '[]'::jsonb END) el(value) ON true) x
        GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
      ON CONFLICT ("metricId", "property", "hour", "valueKey") DO UPDATE
        SET "count" = "MetricPropertyRollup"."count" + excluded."count",
            "value" = "MetricPropertyRollup"."value" + excluded."value";
    -- An emptied value goes, which also drops the rounding a float subtraction leaves behind.
    DELETE FROM "MetricPropertyRollup" r
      USING (SELECT DISTINCT "metricId", "ts" - (("ts" % 3600) + 3600) % 3600 AS h FROM old_rows) d
      WHERE r."metricId" = d."metricId" AND r."hour" = d.h AND r."count" <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "MetricPropertyRollup" ("companyId", "metricId", "property", "hour", "valueKey", "count", "value")
      SELECT min(x."companyId"), x."metricId", x."property", x.h, x.k, count(*), coalesce(sum(x."value"), 0)
        FROM (SELECT o."companyId", o."metricId", d."property", o."ts" - ((o."ts" % 3600) + 3600) % 3600 AS h, o."value",
                coalesce('v' || (CASE WHEN jsonb_typeof(pv.v) = 'array'
                  THEN (CASE jsonb_typeof(el.value) WHEN 'null' THEN NULL ELSE el.value #>> '{}' END)
                  ELSE pv.v #>> '{}' END), 'n') AS k
              FROM new_rows o
              JOIN "MetricPropertyDimension" d ON d."metricId" = o."metricId" AND d."status" = 'ready'
              CROSS JOIN LATERAL (SELECT cast(o."properties" AS jsonb) -> d."property" AS v OFFSET 0) pv
              LEFT JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(pv.v) = 'array' THEN pv.v ELSE '[]'::jsonb END) el(value) ON true) x
        GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
      ON CONFLICT ("metricId", "property", "hour", "valueKey") DO UPDATE
        SET "count" = "MetricPropertyRollup"."count" + excluded."count",
            "value" = "MetricPropertyRollup"."value" + excluded."value";
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Event_property_rollup_insert" AFTER INSERT ON "Event"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_property_rollup"();
CREATE TRIGGER "Event_property_rollup_delete" AFTER DELETE ON "Event"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_property_rollup"();
CREATE TRIGGER "Event_property_rollup_update" AFTER UPDATE ON "Event"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_property_rollup"();
