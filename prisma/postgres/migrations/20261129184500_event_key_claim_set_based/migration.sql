-- Set-based ingest (lib/events/ingest-sets-pg.ts) claims the unique keys of a whole batch in the
-- statement that inserts its events (an INSERT into "EventKey" in a CTE, the events' ids drawn
-- first), which costs a fraction of calling the per-row claim function for each event (20,000
-- events: about a third of the insert's time). It sets app.event_keys_claimed to 'on' for
-- those inserts only (transaction-local, cleared right after); every other writer leaves it
-- unset and keeps the per-row claim. WHEN is checked without calling the function.
DROP TRIGGER "Event_key_claim" ON "Event";
CREATE TRIGGER "Event_key_claim" BEFORE INSERT ON "Event" FOR EACH ROW
  WHEN (current_setting('app.event_keys_claimed', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "event_key_claim"();
