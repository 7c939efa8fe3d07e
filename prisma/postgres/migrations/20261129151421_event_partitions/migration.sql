-- "Event" partitioned by month on PostgreSQL (issue 22 §2). SQLite keeps its one table.
--
-- A partitioned table's keys must contain the partition key, so:
-- * the primary key becomes ("id", "ts") (Prisma: @@id([id, ts]), written into the PostgreSQL
--   schema by prisma/derive-postgres-schema.mjs);
-- * the cross-time dedupe key ("companyId", "profileId", "metricId", "uniqueId") moves to
--   "EventKey", kept by the triggers below for every writer: a BEFORE INSERT row trigger claims the
--   key (INSERT … ON CONFLICT DO NOTHING) and skips the event when the key was taken, so every
--   `INSERT … ON CONFLICT DO NOTHING RETURNING` of the insert paths still returns only the winners,
--   a concurrent insert of the same key waits for the first transaction as on a unique index, and
--   a re-sent event with a later "ts" (another partition) is still the duplicate;
-- * the foreign key "MessageEventIndex"("eventId") → "Event"("id") is replaced by a trigger. A
--   composite key ("eventId", "ts") → ("id", "ts") would be expressible, but its cascade fires on
--   every row deleted from a partition, including the rows the partition job moves out of the
--   DEFAULT partition (lib/events/event-partitions.ts), which would lose their index rows; and a
--   partition still referenced cannot be detached. The statement-level delete trigger on the
--   partitioned table fires for deletes through "Event" (and the cascades from "Profile" and
--   "Metric"), never for the job's moves, which address the partitions directly.
--
-- Monthly partitions "Event_yYYYYmMM" (ts in UTC epoch seconds, [first of month, first of next
-- month)) are created ahead by the daily job; "Event_default" takes any other time so an insert
-- never fails, and the job moves a month found there into its own partition.

-- EventKey: one row per event with a uniqueId; eventId tells a row moving between partitions
-- (an UPDATE of "ts" re-inserts it) from a new event with the same key.
CREATE TABLE "EventKey" (
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "metricId" TEXT NOT NULL,
    "uniqueId" TEXT NOT NULL,
    "eventId" INTEGER NOT NULL,
    CONSTRAINT "EventKey_pkey" PRIMARY KEY ("companyId", "profileId", "metricId", "uniqueId")
);

ALTER TABLE "MessageEventIndex" DROP CONSTRAINT "MessageEventIndex_eventId_fkey";

-- The old table goes aside with its triggers; its sequence is kept for the new one.
ALTER TABLE "Event" RENAME TO "Event_unpartitioned";
ALTER SEQUENCE "Event_id_seq" OWNED BY NONE;
DROP TRIGGER "Event_message_index" ON "Event_unpartitioned";
DROP TRIGGER "Event_rollup_insert" ON "Event_unpartitioned";
DROP TRIGGER "Event_rollup_delete" ON "Event_unpartitioned";
DROP TRIGGER "Event_rollup_update" ON "Event_unpartitioned";
DROP TRIGGER "Event_property_rollup_insert" ON "Event_unpartitioned";
DROP TRIGGER "Event_property_rollup_delete" ON "Event_unpartitioned";
DROP TRIGGER "Event_property_rollup_update" ON "Event_unpartitioned";
ALTER TABLE "Event_unpartitioned" DROP CONSTRAINT "Event_pkey";
ALTER TABLE "Event_unpartitioned" DROP CONSTRAINT "Event_profileId_fkey";
ALTER TABLE "Event_unpartitioned" DROP CONSTRAINT "Event_metricId_fkey";
DROP INDEX "Event_companyId_metricId_ts_idx";
DROP INDEX "Event_profileId_metricId_ts_idx";
DROP INDEX "Event_profileId_ts_idx";
DROP INDEX "Event_companyId_ts_idx";
DROP INDEX "Event_companyId_profileId_metricId_uniqueId_key";

CREATE TABLE "Event" (
    "id" INTEGER NOT NULL DEFAULT nextval('"Event_id_seq"'),
    "companyId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "metricId" TEXT NOT NULL,
    "ts" INTEGER NOT NULL,
    "value" DOUBLE PRECISION,
    "currency" TEXT,
    "uniqueId" TEXT,
    "properties" TEXT NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id", "ts")
) PARTITION BY RANGE ("ts");
ALTER SEQUENCE "Event_id_seq" OWNED BY "Event"."id";

CREATE INDEX "Event_companyId_metricId_ts_idx" ON "Event"("companyId", "metricId", "ts");
CREATE INDEX "Event_profileId_metricId_ts_idx" ON "Event"("profileId", "metricId", "ts");
CREATE INDEX "Event_profileId_ts_idx" ON "Event"("profileId", "ts");
CREATE INDEX "Event_companyId_ts_idx" ON "Event"("companyId", "ts");
ALTER TABLE "Event" ADD CONSTRAINT "Event_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Event" ADD CONSTRAINT "Event_metricId_fkey" FOREIGN KEY ("metricId") REFERENCES "Metric"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "Event_default" PARTITION OF "Event" DEFAULT;

-- The partitions: the months of the stored events (moved below, before the triggers exist, so the
-- rollups, which already count these events, are not moved) and the next three months. The job
-- (lib/events/event-partitions.ts) calls the same function every day.
CREATE FUNCTION "event_partition_month"(m timestamp) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  name text := format('Event_y%sm%s', to_char(m, 'YYYY'), to_char(m, 'MM'));
  lo bigint := extract(epoch FROM m)::bigint;
  hi bigint := extract(epoch FROM m + interval '1 month')::bigint;
  -- "ts" is an integer: the month of January 2038 ends past its range.
  upper text := CASE WHEN hi > 2147483647 THEN 'MAXVALUE' ELSE hi::text END;
BEGIN
  IF to_regclass(format('%I', name)) IS NOT NULL THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM "Event_default" WHERE "ts" >= lo AND "ts" < hi) THEN
    -- A month found in DEFAULT: its rows go to a new table of their own (addressed directly, so no
    -- trigger on "Event" fires: they are the same events, counted and keyed once already), which is
    -- then attached (the DEFAULT partition is scanned to prove it holds none of the month).
    EXECUTE format('CREATE TABLE %I (LIKE "Event" INCLUDING DEFAULTS)', name);
    EXECUTE format(
      'WITH moved AS (DELETE FROM "Event_default" WHERE "ts" >= %s AND "ts" < %s RETURNING *) INSERT INTO %I SELECT * FROM moved',
      lo, hi, name);
    EXECUTE format('ALTER TABLE "Event" ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', name, lo, upper);
  ELSE
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF "Event" FOR VALUES FROM (%s) TO (%s)', name, lo, upper);
  END IF;
  RETURN name;
END
$fn$;

-- One run of the job at `now_s` (epoch seconds): the months found in DEFAULT moved out, then the
-- current month and the next `ahead` months created. Returns the partitions created. With nothing
-- to do it takes no lock; otherwise one ACCESS EXCLUSIVE lock on "Event" (all its partitions) first,
-- so writers wait for the job and no lock is upgraded half-way (no deadlock with an ingest
-- transaction holding a partition); the caller bounds the wait with lock_timeout.
CREATE FUNCTION "event_partitions_maintain"(now_s bigint, ahead integer) RETURNS text[] LANGUAGE plpgsql AS $fn$
DECLARE
  m timestamp;
  made text[] := '{}';
  name text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "Event_default") AND NOT EXISTS (
    SELECT 1 FROM generate_series(0, ahead) i
      CROSS JOIN LATERAL (SELECT date_trunc('month', to_timestamp(now_s) AT TIME ZONE 'UTC') + make_interval(months => i) AS m) x
      WHERE to_regclass(format('%I', format('Event_y%sm%s', to_char(x.m, 'YYYY'), to_char(x.m, 'MM')))) IS NULL
  ) THEN
    RETURN made;
  END IF;
  LOCK TABLE "Event" IN ACCESS EXCLUSIVE MODE;
  FOR m IN
    SELECT DISTINCT date_trunc('month', to_timestamp("ts") AT TIME ZONE 'UTC') FROM "Event_default" ORDER BY 1
  LOOP
    name := "event_partition_month"(m);
    IF name IS NOT NULL THEN made := made || name; END IF;
  END LOOP;
  FOR i IN 0..ahead LOOP
    name := "event_partition_month"(date_trunc('month', to_timestamp(now_s) AT TIME ZONE 'UTC') + make_interval(months => i));
    IF name IS NOT NULL THEN made := made || name; END IF;
  END LOOP;
  RETURN made;
END
$fn$;

-- The stored events land in DEFAULT first, then each month found there gets its partition.
INSERT INTO "Event" SELECT * FROM "Event_unpartitioned";
SELECT "event_partitions_maintain"(extract(epoch FROM now())::bigint, 3);
DROP TABLE "Event_unpartitioned";

INSERT INTO "EventKey" ("companyId", "profileId", "metricId", "uniqueId", "eventId")
SELECT "companyId", "profileId", "metricId", "uniqueId", "id" FROM "Event" WHERE "uniqueId" IS NOT NULL;

CREATE INDEX "EventKey_eventId_idx" ON "EventKey"("eventId");

-- The dedupe: the event is written only when it claims its key (or already holds it: a row moving
-- to another partition on an UPDATE of "ts").
CREATE FUNCTION "event_key_claim"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW."uniqueId" IS NULL THEN RETURN NEW; END IF;
  INSERT INTO "EventKey" ("companyId", "profileId", "metricId", "uniqueId", "eventId")
    VALUES (NEW."companyId", NEW."profileId", NEW."metricId", NEW."uniqueId", NEW."id")
    ON CONFLICT DO NOTHING;
  IF FOUND THEN RETURN NEW; END IF;
  PERFORM 1 FROM "EventKey"
    WHERE "companyId" = NEW."companyId" AND "profileId" = NEW."profileId" AND "metricId" = NEW."metricId"
      AND "uniqueId" = NEW."uniqueId" AND "eventId" = NEW."id";
  IF FOUND THEN RETURN NEW; END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER "Event_key_claim" BEFORE INSERT ON "Event" FOR EACH ROW EXECUTE FUNCTION "event_key_claim"();

-- Deletes (direct, or the cascades of a profile's or a metric's deletion) take the keys and the
-- message index rows with them; an UPDATE that changes a key moves it (a clash is a unique
-- violation, as it was on the old unique index).
CREATE FUNCTION "event_key_release"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "EventKey" k USING old_rows o
      WHERE o."uniqueId" IS NOT NULL AND k."companyId" = o."companyId" AND k."profileId" = o."profileId"
        AND k."metricId" = o."metricId" AND k."uniqueId" = o."uniqueId" AND k."eventId" = o."id";
    DELETE FROM "MessageEventIndex" x USING old_rows o WHERE x."eventId" = o."id";
  ELSE
    DELETE FROM "EventKey" k USING old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE o."uniqueId" IS NOT NULL AND k."companyId" = o."companyId" AND k."profileId" = o."profileId"
        AND k."metricId" = o."metricId" AND k."uniqueId" = o."uniqueId" AND k."eventId" = o."id"
        AND (o."companyId", o."profileId", o."metricId", o."uniqueId")
          IS DISTINCT FROM (n."companyId", n."profileId", n."metricId", n."uniqueId");
    INSERT INTO "EventKey" ("companyId", "profileId", "metricId", "uniqueId", "eventId")
      SELECT n."companyId", n."profileId", n."metricId", n."uniqueId", n."id"
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."uniqueId" IS NOT NULL
          AND (o."companyId", o."profileId", o."metricId", o."uniqueId")
            IS DISTINCT FROM (n."companyId", n."profileId", n."metricId", n."uniqueId")
        ORDER BY 1, 2, 3, 4
      ON CONFLICT DO NOTHING;
    -- A key already held by another event (the BEFORE INSERT trigger claims it first for a row
    -- that moved partitions, hence the ON CONFLICT above) is a clash.
    IF EXISTS (SELECT 1 FROM new_rows n JOIN "EventKey" k ON k."companyId" = n."companyId"
                 AND k."profileId" = n."profileId" AND k."metricId" = n."metricId" AND k."uniqueId" = n."uniqueId"
               WHERE k."eventId" <> n."id") THEN
      RAISE EXCEPTION 'duplicate key value violates unique constraint "EventKey_pkey"' USING ERRCODE = 'unique_violation';
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER "Event_key_release_delete" AFTER DELETE ON "Event"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_key_release"();
CREATE TRIGGER "Event_key_release_update" AFTER UPDATE ON "Event"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_key_release"();

-- The triggers of the old table, on the partitioned one (the functions are unchanged): statement
-- triggers with transition tables are allowed on a partitioned table and see the rows of every
-- partition written through it; the message index stays a row trigger (cloned to each partition,
-- idempotent by its ON CONFLICT).
CREATE TRIGGER "Event_message_index" AFTER INSERT ON "Event" FOR EACH ROW EXECUTE FUNCTION "event_message_index"();
CREATE TRIGGER "Event_rollup_insert" AFTER INSERT ON "Event"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_rollup"();
CREATE TRIGGER "Event_rollup_delete" AFTER DELETE ON "Event"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_rollup"();
CREATE TRIGGER "Event_rollup_update" AFTER UPDATE ON "Event"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_rollup"();
CREATE TRIGGER "Event_property_rollup_insert" AFTER INSERT ON "Event"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_property_rollup"();
CREATE TRIGGER "Event_property_rollup_delete" AFTER DELETE ON "Event"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_property_rollup"();
CREATE TRIGGER "Event_property_rollup_update" AFTER UPDATE ON "Event"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_property_rollup"();
