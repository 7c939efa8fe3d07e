-- CreateTable
CREATE TABLE "MetricPropertyDimension" (
    "metricId" TEXT NOT NULL,
    "property" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "path" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("metricId", "property")
);

-- CreateTable
CREATE TABLE "MetricPropertyRollup" (
    "companyId" INTEGER NOT NULL,
    "metricId" TEXT NOT NULL,
    "property" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "valueKey" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "value" REAL NOT NULL DEFAULT 0,

    PRIMARY KEY ("metricId", "property", "hour", "valueKey")
);

-- CreateIndex
CREATE INDEX "MetricPropertyDimension_companyId_idx" ON "MetricPropertyDimension"("companyId");

-- The rollup by property value (issue 23 §6) kept exact by triggers, like MetricHourlyRollup:
-- every writer and every delete of events moves it in the same transaction, for the properties
-- registered in MetricPropertyDimension (a metric without one costs one index probe). The value
-- expression is the engine's breakdown (lib/metrics/breakdown-sql.ts): a list counts once per
-- element, an empty list or a missing or null value is "no value" ('n'). A delete is the same
-- upsert with negative counts, so one statement serves every direction.
CREATE TRIGGER "Event_property_rollup_insert" AFTER INSERT ON "Event"
BEGIN
  INSERT INTO "MetricPropertyRollup" ("companyId", "metricId", "property", "hour", "valueKey", "count", "value")
  SELECT NEW."companyId", NEW."metricId", d."property", NEW."ts" - ((NEW."ts" % 3600) + 3600) % 3600,
    coalesce('v' || (CASE WHEN json_type(NEW."properties", d."path") = 'array'
      THEN (CASE el.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL ELSE CAST(el.value AS TEXT) END)
      ELSE (CASE json_type(NEW."properties", d."path") WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL
        ELSE CAST(json_extract(NEW."properties", d."path") AS TEXT) END) END), 'n'), 1, coalesce(NEW."value", 0)
  FROM "MetricPropertyDimension" d
  LEFT JOIN json_each(NEW."properties", d."path") el ON json_type(NEW."properties", d."path") = 'array'
  WHERE d."metricId" = NEW."metricId" AND d."status" = 'ready'
  ON CONFLICT ("metricId", "property", "hour", "valueKey") DO UPDATE
    SET "count" = "count" + excluded."count", "value" = "value" + excluded."value";
END;

CREATE TRIGGER "Event_property_rollup_delete" AFTER DELETE ON "Event"
BEGIN
  INSERT INTO "MetricPropertyRollup" ("companyId", "metricId", "property", "hour", "valueKey", "count", "value")
  SELECT OLD."companyId", OLD."metricId", d."property", OLD."ts" - ((OLD."ts" % 3600) + 3600) % 3600,
    coalesce('v' || (CASE WHEN json_type(OLD."properties", d."path") = 'array'
      THEN (CASE el.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL ELSE CAST(el.value AS TEXT) END)
      ELSE (CASE json_type(OLD."properties", d."path") WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL
        ELSE CAST(json_extract(OLD."properties", d."path") AS TEXT) END) END), 'n'), -1, -coalesce(OLD."value", 0)
  FROM "MetricPropertyDimension" d
  LEFT JOIN json_each(OLD."properties", d."path") el ON json_type(OLD."properties", d."path") = 'array'
  WHERE d."metricId" = OLD."metricId" AND d."status" = 'ready'
  ON CONFLICT ("metricId", "property", "hour", "valueKey") DO UPDATE
    SET "count" = "count" + excluded."count", "value" = "value" + excluded."value";
  -- An emptied value goes, which also drops the rounding a float subtraction leaves behind.
  DELETE FROM "MetricPropertyRollup"
  WHERE "metricId" = OLD."metricId" AND "hour" = OLD."ts" - ((OLD."ts" % 3600) + 3600) % 3600 AND "count" <= 0;
END;

CREATE TRIGGER "Event_property_rollup_update" AFTER UPDATE OF "companyId", "metricId", "ts", "value", "properties" ON "Event"
BEGIN
  INSERT INTO "MetricPropertyRollup" ("companyId", "metricId", "property", "hour", "valueKey", "count", "value")
  SELECT OLD."companyId", OLD."metricId", d."property", OLD."ts" - ((OLD."ts" % 3600) + 3600) % 3600,
    coalesce('v' || (CASE WHEN json_type(OLD."properties", d."path") = 'array'
      THEN (CASE el.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL ELSE CAST(el.value AS TEXT) END)
      ELSE (CASE json_type(OLD."properties", d."path") WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL
        ELSE CAST(json_extract(OLD."properties", d."path") AS TEXT) END) END), 'n'), -1, -coalesce(OLD."value", 0)
  FROM "MetricPropertyDimension" d
  LEFT JOIN json_each(OLD."properties", d."path") el ON json_type(OLD."properties", d."path") = 'array'
  WHERE d."metricId" = OLD."metricId" AND d."status" = 'ready'
  ON CONFLICT ("metricId", "property", "hour", "valueKey") DO UPDATE
    SET "count" = "count" + excluded."count", "value" = "value" + excluded."value";
  -- An emptied value goes, which also drops the rounding a float subtraction leaves behind.
  DELETE FROM "MetricPropertyRollup"
  WHERE "metricId" = OLD."metricId" AND "hour" = OLD."ts" - ((OLD."ts" % 3600) + 3600) % 3600 AND "count" <= 0;
  INSERT INTO "MetricPropertyRollup" ("companyId", "metricId", "property", "hour", "valueKey", "count", "value")
  SELECT NEW."companyId", NEW."metricId", d."property", NEW."ts" - ((NEW."ts" % 3600) + 3600) % 3600,
    coalesce('v' || (CASE WHEN json_type(NEW."properties", d."path") = 'array'
      THEN (CASE el.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL ELSE CAST(el.value AS TEXT) END)
      ELSE (CASE json_type(NEW."properties", d."path") WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL
        ELSE CAST(json_extract(NEW."properties", d."path") AS TEXT) END) END), 'n'), 1, coalesce(NEW."value", 0)
  FROM "MetricPropertyDimension" d
  LEFT JOIN json_each(NEW."properties", d."path") el ON json_type(NEW."properties", d."path") = 'array'
  WHERE d."metricId" = NEW."metricId" AND d."status" = 'ready'
  ON CONFLICT ("metricId", "property", "hour", "valueKey") DO UPDATE
    SET "count" = "count" + excluded."count", "value" = "value" + excluded."value";
END;
