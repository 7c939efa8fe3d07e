-- DropIndex
DROP INDEX "Send_companyId_sourceType_sourceId_status_idx";

-- CreateTable
CREATE TABLE "MessageEventIndex" (
    "eventId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" INTEGER NOT NULL,
    "metricId" TEXT NOT NULL,
    "sourceType" TEXT NOT NULL,
    "messageKey" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "ts" INTEGER NOT NULL,
    "machine" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "MessageEventIndex_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "MessageEventIndex_companyId_sourceType_messageKey_metricId_ts_machine_profileId_idx" ON "MessageEventIndex"("companyId", "sourceType", "messageKey", "metricId", "ts", "machine", "profileId");

-- CreateIndex
CREATE INDEX "MessageEventIndex_companyId_metricId_ts_idx" ON "MessageEventIndex"("companyId", "metricId", "ts");

-- CreateIndex
CREATE INDEX "Send_companyId_sourceType_sourceId_status_createdAt_idx" ON "Send"("companyId", "sourceType", "sourceId", "status", "createdAt");

-- Backfill: the message events already recorded ($message and $source_type in their properties).
INSERT INTO "MessageEventIndex" ("eventId", "companyId", "metricId", "sourceType", "messageKey", "profileId", "ts", "machine")
SELECT "id", "companyId", "metricId", json_extract("properties", '$."$source_type"'),
       CASE WHEN json_extract("properties", '$."$source_type"') = 'flow_action_run' AND instr(json_extract("properties", '$."$message"'), ':') > 0
            THEN substr(json_extract("properties", '$."$message"'), 1, instr(json_extract("properties", '$."$message"'), ':') - 1)
            ELSE json_extract("properties", '$."$message"') END,
       "profileId", "ts", coalesce(json_extract("properties", '$."$machine"'), 0) = 1
FROM "Event"
WHERE "properties" LIKE '%"$message"%' AND json_valid("properties")
  AND json_type("properties", '$."$message"') = 'text' AND json_type("properties", '$."$source_type"') = 'text';

-- Every writer of events (the send pipeline, the API, imports, tests) keeps the index: a trigger.
CREATE TRIGGER "Event_message_index" AFTER INSERT ON "Event"
WHEN NEW."properties" LIKE '%"$message"%' AND json_valid(NEW."properties")
  AND json_type(NEW."properties", '$."$message"') = 'text' AND json_type(NEW."properties", '$."$source_type"') = 'text'
BEGIN
  INSERT OR IGNORE INTO "MessageEventIndex" ("eventId", "companyId", "metricId", "sourceType", "messageKey", "profileId", "ts", "machine")
  VALUES (NEW."id", NEW."companyId", NEW."metricId", json_extract(NEW."properties", '$."$source_type"'),
    CASE WHEN json_extract(NEW."properties", '$."$source_type"') = 'flow_action_run' AND instr(json_extract(NEW."properties", '$."$message"'), ':') > 0
         THEN substr(json_extract(NEW."properties", '$."$message"'), 1, instr(json_extract(NEW."properties", '$."$message"'), ':') - 1)
         ELSE json_extract(NEW."properties", '$."$message"') END,
    NEW."profileId", NEW."ts", coalesce(json_extract(NEW."properties", '$."$machine"'), 0) = 1);
END;
