-- CreateTable
CREATE TABLE "ProfileReach" (
    "profileId" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "emailable" BOOLEAN NOT NULL,
    "textable" BOOLEAN NOT NULL,

    CONSTRAINT "ProfileReach_pkey" PRIMARY KEY ("profileId")
);

-- CreateTable
CREATE TABLE "CompanyProfileCount" (
    "companyId" INTEGER NOT NULL,
    "profiles" INTEGER NOT NULL DEFAULT 0,
    "emailable" INTEGER NOT NULL DEFAULT 0,
    "textable" INTEGER NOT NULL DEFAULT 0,
    "active" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CompanyProfileCount_pkey" PRIMARY KEY ("companyId")
);

-- Exact profile counts per company (issue 26 §4, issue 27 §6), kept by triggers so every writer
-- (ingest, imports, the API, merges, consent and suppression changes, deletes and their
-- cascades, seeds, tests) moves them in its own transaction and no code path can forget them.
-- ProfileReach holds each profile's state under the vendor's definition (emailable: an address,
-- no active email suppression, not unsubscribed from email marketing; textable: a number,
-- subscribed to SMS marketing, no active SMS suppression); its own triggers keep the
-- per-company sums, so the counts equal the sum of the states whatever order cascades run in.
-- Statement-level with transition tables: a bulk import costs one grouped upsert per statement,
-- written in companyId order so two writers lock the counters in the same order. A decrement is
-- an UPDATE, never an upsert: a company deleted first leaves nothing to revive.
CREATE FUNCTION "profile_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM "CompanyProfileCount" k
      WHERE k."companyId" IN (SELECT DISTINCT "companyId" FROM old_rows)
      ORDER BY k."companyId" FOR UPDATE;
    UPDATE "CompanyProfileCount" k SET
        "profiles" = k."profiles" - d.n, "emailable" = k."emailable" - d.e,
        "textable" = k."textable" - d.t, "active" = k."active" - d.a
      FROM (SELECT "companyId", count(*) AS n, sum("emailable"::int) AS e, sum("textable"::int) AS t,
                   sum(("emailable" OR "textable")::int) AS a
              FROM old_rows GROUP BY 1) d
      WHERE k."companyId" = d."companyId";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "CompanyProfileCount" ("companyId", "profiles", "emailable", "textable", "active")
      SELECT "companyId", count(*), sum("emailable"::int), sum("textable"::int), sum(("emailable" OR "textable")::int)
        FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT ("companyId") DO UPDATE SET
        "profiles" = "CompanyProfileCount"."profiles" + excluded."profiles",
        "emailable" = "CompanyProfileCount"."emailable" + excluded."emailable",
        "textable" = "CompanyProfileCount"."textable" + excluded."textable",
        "active" = "CompanyProfileCount"."active" + excluded."active";
  ELSE
    INSERT INTO "CompanyProfileCount" ("companyId", "profiles", "emailable", "textable", "active")
      SELECT "companyId", sum(n), sum(e), sum(t), sum(a) FROM (
          SELECT "companyId", 1 AS n, "emailable"::int AS e, "textable"::int AS t, ("emailable" OR "textable")::int AS a FROM new_rows
          UNION ALL
          SELECT "companyId", -1, -"emailable"::int, -"textable"::int, -("emailable" OR "textable")::int FROM old_rows
        ) d
        GROUP BY 1 HAVING sum(n) <> 0 OR sum(e) <> 0 OR sum(t) <> 0 OR sum(a) <> 0 ORDER BY 1
      ON CONFLICT ("companyId") DO UPDATE SET
        "profiles" = "CompanyProfileCount"."profiles" + excluded."profiles",
        "emailable" = "CompanyProfileCount"."emailable" + excluded."emailable",
        "textable" = "CompanyProfileCount"."textable" + excluded."textable",
        "active" = "CompanyProfileCount"."active" + excluded."active";
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "ProfileReach_count_insert" AFTER INSERT ON "ProfileReach"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_count_apply"();
CREATE TRIGGER "ProfileReach_count_delete" AFTER DELETE ON "ProfileReach"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_count_apply"();
CREATE TRIGGER "ProfileReach_count_update" AFTER UPDATE ON "ProfileReach"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_count_apply"();

-- The profiles' states recomputed from their current rows; only rows whose state changed are written.
CREATE FUNCTION "profile_reach_refresh"(ids text[]) RETURNS void LANGUAGE sql AS $fn$
  UPDATE "ProfileReach" r SET "companyId" = x."companyId", "emailable" = x.e, "textable" = x.t
  FROM (
    SELECT p."id", p."companyId",
      p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed') AS e,
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL) AS t
    FROM "Profile" p WHERE p."id" = ANY(ids)
  ) x
  WHERE r."profileId" = x."id" AND (r."companyId", r."emailable", r."textable") IS DISTINCT FROM (x."companyId", x.e, x.t);
$fn$;

CREATE FUNCTION "profile_reach_profile"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ProfileReach" ("profileId", "companyId", "emailable", "textable")
    SELECT n."id", n."companyId",
      n."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = n."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = n."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      n."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = n."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = n."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM "ProfileReach" r USING old_rows o WHERE r."profileId" = o."id";
  ELSE
    PERFORM "profile_reach_refresh"(ARRAY[NEW."id"]);
    RETURN NULL;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Profile_reach_insert" AFTER INSERT ON "Profile"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_reach_profile"();
CREATE TRIGGER "Profile_reach_delete" AFTER DELETE ON "Profile"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_reach_profile"();
-- Row-level with a WHEN, unlike the others: a statement trigger with transition tables cannot
-- name columns, so it would run (and join its old and new rows) on every profile update, the
-- ingest's lastEventAt writes included; this WHEN is checked without calling any function, and
-- an address or number changes one profile at a time.
CREATE TRIGGER "Profile_reach_update" AFTER UPDATE OF "companyId", "email", "phoneNumber" ON "Profile"
  FOR EACH ROW
  WHEN (OLD."companyId" IS DISTINCT FROM NEW."companyId" OR OLD."email" IS DISTINCT FROM NEW."email"
        OR OLD."phoneNumber" IS DISTINCT FROM NEW."phoneNumber")
  EXECUTE FUNCTION "profile_reach_profile"();

-- A suppression or consent change recomputes its profiles' states (both profiles when a merge
-- moves it). A profile already gone in a cascade took its state row with it.
CREATE FUNCTION "profile_reach_channel"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  channels text[] := CASE WHEN TG_TABLE_NAME = 'Suppression' THEN ARRAY['email', 'sms'] ELSE ARRAY['email_marketing', 'sms_marketing'] END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "profile_reach_refresh"(ARRAY(SELECT DISTINCT "profileId" FROM new_rows WHERE "channel" = ANY(channels) ORDER BY 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "profile_reach_refresh"(ARRAY(SELECT DISTINCT "profileId" FROM old_rows WHERE "channel" = ANY(channels) ORDER BY 1));
  ELSE
    PERFORM "profile_reach_refresh"(ARRAY(
      SELECT "profileId" FROM new_rows WHERE "channel" = ANY(channels)
      UNION SELECT "profileId" FROM old_rows WHERE "channel" = ANY(channels) ORDER BY 1));
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Suppression_reach_insert" AFTER INSERT ON "Suppression"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_reach_channel"();
CREATE TRIGGER "Suppression_reach_delete" AFTER DELETE ON "Suppression"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_reach_channel"();
CREATE TRIGGER "Suppression_reach_update" AFTER UPDATE ON "Suppression"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_reach_channel"();
CREATE TRIGGER "ProfileConsent_reach_insert" AFTER INSERT ON "ProfileConsent"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_reach_channel"();
CREATE TRIGGER "ProfileConsent_reach_delete" AFTER DELETE ON "ProfileConsent"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_reach_channel"();
CREATE TRIGGER "ProfileConsent_reach_update" AFTER UPDATE ON "ProfileConsent"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_reach_channel"();

CREATE FUNCTION "company_profile_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM "CompanyProfileCount" k USING old_rows o WHERE k."companyId" = o."id";
  RETURN NULL;
END
$fn$;
CREATE TRIGGER "Company_profile_count_delete" AFTER DELETE ON "Company"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_profile_count_delete"();

-- Backfill (after the triggers, whose locks on Profile, Suppression and ProfileConsent hold off
-- concurrent writers until this migration commits): the state rows' insert trigger counts them.
INSERT INTO "ProfileReach" ("profileId", "companyId", "emailable", "textable")
SELECT p."id", p."companyId",
  p."email" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
    AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
  p."phoneNumber" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
    AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
FROM "Profile" p;
