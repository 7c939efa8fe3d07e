-- DropIndex
DROP INDEX "Send_companyId_sourceType_sourceId_status_idx";

-- CreateTable
CREATE TABLE "MessageEventIndex" (
    "eventId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "metricId" TEXT NOT NULL,
    "sourceType" TEXT NOT NULL,
    "messageKey" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "ts" INTEGER NOT NULL,
    "machine" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "MessageEventIndex_pkey" PRIMARY KEY ("eventId")
);

-- CreateIndex
CREATE INDEX "MessageEventIndex_companyId_sourceType_messageKey_metricId__idx" ON "MessageEventIndex"("companyId", "sourceType", "messageKey", "metricId", "ts", "machine", "profileId");

-- CreateIndex
CREATE INDEX "MessageEventIndex_companyId_metricId_ts_idx" ON "MessageEventIndex"("companyId", "metricId", "ts");

-- CreateIndex
CREATE INDEX "Send_companyId_sourceType_sourceId_status_createdAt_idx" ON "Send"("companyId", "sourceType", "sourceId", "status", "createdAt");

-- AddForeignKey
ALTER TABLE "MessageEventIndex" ADD CONSTRAINT "MessageEventIndex_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the message events already recorded ($message and $source_type in their properties).
INSERT INTO "MessageEventIndex" ("eventId", "companyId", "metricId", "sourceType", "messageKey", "profileId", "ts", "machine")
SELECT e."id", e."companyId", e."metricId", p.j ->> '$source_type',
       CASE WHEN p.j ->> '$source_type' = 'flow_action_run' THEN split_part(p.j ->> '$message', ':', 1) ELSE p.j ->> '$message' END,
       e."profileId", e."ts", coalesce(p.j ->> '$machine', '') = 'true'
FROM "Event" e CROSS JOIN LATERAL (SELECT CAST(e."properties" AS jsonb) AS j) p
WHERE e."properties" LIKE '%"$message"%' AND jsonb_typeof(p.j -> '$message') = 'string' AND jsonb_typeof(p.j -> '$source_type') = 'string';

-- Every writer of events (the send pipeline, the API, imports, tests) keeps the index: a trigger.
CREATE FUNCTION "event_message_index"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  j jsonb;
BEGIN
  IF NEW."properties" NOT LIKE '%"$message"%' THEN RETURN NULL; END IF;
  BEGIN
    j := CAST(NEW."properties" AS jsonb);
  EXCEPTION WHEN others THEN
    RETURN NULL;
  END;
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

CREATE TRIGGER "Event_message_index" AFTER INSERT ON "Event" FOR EACH ROW EXECUTE FUNCTION "event_message_index"();
