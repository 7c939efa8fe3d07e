-- "Event"."properties" becomes jsonb on PostgreSQL (issue 22 §2); SQLite keeps its text. Every
-- filter cast the text per row (CAST(properties AS jsonb)); the cast is now a no-op, and the value
-- is stored parsed once at insert. The Prisma model keeps `String`: adapter-pg hands a jsonb
-- column back as its text, and a string parameter is cast to jsonb by the server (the migration
-- engine alone sees `Json` here, see prisma/derive-postgres-schema.mjs).
--
-- Altered on the partitioned parent, so every partition (and "Event_default") follows, and the
-- partitions the job creates later take the parent's type ("LIKE" / "PARTITION OF").

-- A "\u0000" escape is valid JSON (JSON.stringify writes it for a NUL character in a string) that
-- jsonb refuses: the writers store their text through "event_properties_jsonb", which drops those
-- escapes and keeps the rest of the value. The check is inlined by the planner (a one-expression
-- SQL function), so the usual text costs a strpos and the cast; only text with the escape reaches
-- the PL/pgSQL repair. Text that is not JSON at all (no writer stores it, but the migration must
-- not stop on it) is kept as a string under "$invalid_properties".
CREATE FUNCTION "event_properties_repair"(t text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  s text := t;
  r text;
BEGIN
  BEGIN
    RETURN t::jsonb;
  EXCEPTION WHEN others THEN
    NULL;
  END;
  -- An escape is a backslash after an even number of backslashes; a run of them needs a pass each.
  LOOP
    r := regexp_replace(s, '(^|[^\\])((\\\\)*)\\u0000', '\1\2', 'g');
    EXIT WHEN r = s;
    s := r;
  END LOOP;
  BEGIN
    RETURN s::jsonb;
  EXCEPTION WHEN others THEN
    RETURN jsonb_build_object('$invalid_properties', t);
  END;
END
$fn$;

CREATE FUNCTION "event_properties_jsonb"(t text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE WHEN strpos(t, '\u0000') = 0 THEN t::jsonb ELSE "event_properties_repair"(t) END
$fn$;

ALTER TABLE "Event" ALTER COLUMN "properties" DROP DEFAULT;
ALTER TABLE "Event" ALTER COLUMN "properties" SET DATA TYPE JSONB USING "event_properties_repair"("properties");
ALTER TABLE "Event" ALTER COLUMN "properties" SET DEFAULT '{}';

-- The message index trigger tested the text with LIKE before parsing it; jsonb has no LIKE and
-- is parsed already.
CREATE OR REPLACE FUNCTION "event_message_index"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  j jsonb := NEW."properties";
BEGIN
  IF jsonb_typeof(j -> '$message') = 'string' AND jsonb_typeof(j -> '$source_type') = 'string' THEN
    INSERT INTO "MessageEventIndex" ("eventId", "companyId", "metricId", "sourceType", "messageKey", "profileId", "ts", "machine")
    VALUES (NEW."id", NEW."companyId", NEW."metricId", j ->> '$source_type',
      CASE WHEN j ->> '$source_type' = 'flow_action_run' THEN split_part(j ->> '$message', ':', 1) ELSE j ->> '$message' END,
      NEW."profileId", NEW."ts", coalesce(j ->> '$machine', '') = 'true')
    ON CONFLICT ("eventId") DO NOTHING;
  END IF;
  RETURN NULL;
END
$fn$;
