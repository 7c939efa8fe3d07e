-- CreateTable
CREATE TABLE "ProfileReach" (
    "profileId" TEXT NOT NULL PRIMARY KEY,
    "companyId" INTEGER NOT NULL,
    "emailable" BOOLEAN NOT NULL,
    "textable" BOOLEAN NOT NULL
);

-- CreateTable
CREATE TABLE "CompanyProfileCount" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "profiles" INTEGER NOT NULL DEFAULT 0,
    "emailable" INTEGER NOT NULL DEFAULT 0,
    "textable" INTEGER NOT NULL DEFAULT 0,
    "active" INTEGER NOT NULL DEFAULT 0
);

-- Exact profile counts per company (issue 26 §4, issue 27 §6), kept by triggers so every writer
-- (ingest, imports, the API, merges, consent and suppression changes, deletes and their
-- cascades, seeds, tests) moves them in its own transaction and no code path can forget them.
-- ProfileReach holds each profile's state under the vendor's definition (emailable: an address,
-- no active email suppression, not unsubscribed from email marketing; textable: a number,
-- subscribed to SMS marketing, no active SMS suppression); its own triggers keep the
-- per-company sums, so the counts equal the sum of the states whatever order cascades run in.
-- A decrement is an UPDATE, never an upsert: a company deleted first leaves nothing to revive.

-- Backfill first (the migration holds the write lock; the count triggers do not exist yet).
INSERT INTO "ProfileReach" ("profileId", "companyId", "emailable", "textable")
SELECT p."id", p."companyId",
  p."email" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
    AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
  p."phoneNumber" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
    AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
FROM "Profile" p;

INSERT INTO "CompanyProfileCount" ("companyId", "profiles", "emailable", "textable", "active")
SELECT "companyId", count(*), sum("emailable"), sum("textable"), sum("emailable" OR "textable")
FROM "ProfileReach" GROUP BY "companyId";

CREATE TRIGGER "ProfileReach_count_insert" AFTER INSERT ON "ProfileReach"
BEGIN
  INSERT INTO "CompanyProfileCount" ("companyId", "profiles", "emailable", "textable", "active")
  VALUES (NEW."companyId", 1, NEW."emailable", NEW."textable", NEW."emailable" OR NEW."textable")
  ON CONFLICT ("companyId") DO UPDATE SET
    "profiles" = "profiles" + 1,
    "emailable" = "emailable" + excluded."emailable",
    "textable" = "textable" + excluded."textable",
    "active" = "active" + excluded."active";
END;

CREATE TRIGGER "ProfileReach_count_delete" AFTER DELETE ON "ProfileReach"
BEGIN
  UPDATE "CompanyProfileCount" SET
    "profiles" = "profiles" - 1,
    "emailable" = "emailable" - OLD."emailable",
    "textable" = "textable" - OLD."textable",
    "active" = "active" - (OLD."emailable" OR OLD."textable")
  WHERE "companyId" = OLD."companyId";
END;

CREATE TRIGGER "ProfileReach_count_update" AFTER UPDATE ON "ProfileReach"
WHEN OLD."companyId" IS NOT NEW."companyId" OR OLD."emailable" IS NOT NEW."emailable" OR OLD."textable" IS NOT NEW."textable"
BEGIN
  UPDATE "CompanyProfileCount" SET
    "profiles" = "profiles" - 1,
    "emailable" = "emailable" - OLD."emailable",
    "textable" = "textable" - OLD."textable",
    "active" = "active" - (OLD."emailable" OR OLD."textable")
  WHERE "companyId" = OLD."companyId";
  INSERT INTO "CompanyProfileCount" ("companyId", "profiles", "emailable", "textable", "active")
  VALUES (NEW."companyId", 1, NEW."emailable", NEW."textable", NEW."emailable" OR NEW."textable")
  ON CONFLICT ("companyId") DO UPDATE SET
    "profiles" = "profiles" + 1,
    "emailable" = "emailable" + excluded."emailable",
    "textable" = "textable" + excluded."textable",
    "active" = "active" + excluded."active";
END;

CREATE TRIGGER "Profile_reach_insert" AFTER INSERT ON "Profile"
BEGIN
  INSERT INTO "ProfileReach" ("profileId", "companyId", "emailable", "textable")
  VALUES (NEW."id", NEW."companyId",
    NEW."email" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = NEW."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
      AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = NEW."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
    NEW."phoneNumber" IS NOT NULL
      AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = NEW."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
      AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = NEW."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL));
END;

CREATE TRIGGER "Profile_reach_update" AFTER UPDATE OF "companyId", "email", "phoneNumber" ON "Profile"
WHEN OLD."companyId" IS NOT NEW."companyId" OR OLD."email" IS NOT NEW."email" OR OLD."phoneNumber" IS NOT NEW."phoneNumber"
BEGIN
  UPDATE "ProfileReach" SET
    "companyId" = NEW."companyId",
    "emailable" = NEW."email" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = NEW."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
      AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = NEW."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
    "textable" = NEW."phoneNumber" IS NOT NULL
      AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = NEW."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
      AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = NEW."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
  WHERE "profileId" = NEW."id";
END;

CREATE TRIGGER "Profile_reach_delete" AFTER DELETE ON "Profile"
BEGIN
  DELETE FROM "ProfileReach" WHERE "profileId" = OLD."id";
END;

CREATE TRIGGER "Company_profile_count_delete" AFTER DELETE ON "Company"
BEGIN
  DELETE FROM "CompanyProfileCount" WHERE "companyId" = OLD."id";
END;

-- A suppression or consent change recomputes its profile's state (both profiles when a merge
-- moves it). The profile may already be gone in a cascade: its state row went with it.
CREATE TRIGGER "Suppression_reach_insert" AFTER INSERT ON "Suppression" WHEN NEW."channel" IN ('email', 'sms')
BEGIN
  UPDATE "ProfileReach" SET ("emailable", "textable") = (
    SELECT p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM "Profile" p WHERE p."id" = NEW."profileId")
  WHERE "profileId" = NEW."profileId" AND EXISTS (SELECT 1 FROM "Profile" WHERE "id" = NEW."profileId");
END;

CREATE TRIGGER "Suppression_reach_delete" AFTER DELETE ON "Suppression" WHEN OLD."channel" IN ('email', 'sms')
BEGIN
  UPDATE "ProfileReach" SET ("emailable", "textable") = (
    SELECT p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM "Profile" p WHERE p."id" = OLD."profileId")
  WHERE "profileId" = OLD."profileId" AND EXISTS (SELECT 1 FROM "Profile" WHERE "id" = OLD."profileId");
END;

CREATE TRIGGER "Suppression_reach_update" AFTER UPDATE OF "profileId", "channel", "clearedAt" ON "Suppression"
WHEN OLD."channel" IN ('email', 'sms') OR NEW."channel" IN ('email', 'sms')
BEGIN
  UPDATE "ProfileReach" SET ("emailable", "textable") = (
    SELECT p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM "Profile" p WHERE p."id" = OLD."profileId")
  WHERE "profileId" = OLD."profileId" AND EXISTS (SELECT 1 FROM "Profile" WHERE "id" = OLD."profileId");
  UPDATE "ProfileReach" SET ("emailable", "textable") = (
    SELECT p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM "Profile" p WHERE p."id" = NEW."profileId")
  WHERE "profileId" = NEW."profileId" AND EXISTS (SELECT 1 FROM "Profile" WHERE "id" = NEW."profileId");
END;

CREATE TRIGGER "ProfileConsent_reach_insert" AFTER INSERT ON "ProfileConsent" WHEN NEW."channel" IN ('email_marketing', 'sms_marketing')
BEGIN
  UPDATE "ProfileReach" SET ("emailable", "textable") = (
    SELECT p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM "Profile" p WHERE p."id" = NEW."profileId")
  WHERE "profileId" = NEW."profileId" AND EXISTS (SELECT 1 FROM "Profile" WHERE "id" = NEW."profileId");
END;

CREATE TRIGGER "ProfileConsent_reach_delete" AFTER DELETE ON "ProfileConsent" WHEN OLD."channel" IN ('email_marketing', 'sms_marketing')
BEGIN
  UPDATE "ProfileReach" SET ("emailable", "textable") = (
    SELECT p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM "Profile" p WHERE p."id" = OLD."profileId")
  WHERE "profileId" = OLD."profileId" AND EXISTS (SELECT 1 FROM "Profile" WHERE "id" = OLD."profileId");
END;

CREATE TRIGGER "ProfileConsent_reach_update" AFTER UPDATE OF "profileId", "channel", "status" ON "ProfileConsent"
WHEN OLD."channel" IN ('email_marketing', 'sms_marketing') OR NEW."channel" IN ('email_marketing', 'sms_marketing')
BEGIN
  UPDATE "ProfileReach" SET ("emailable", "textable") = (
    SELECT p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM "Profile" p WHERE p."id" = OLD."profileId")
  WHERE "profileId" = OLD."profileId" AND EXISTS (SELECT 1 FROM "Profile" WHERE "id" = OLD."profileId");
  UPDATE "ProfileReach" SET ("emailable", "textable") = (
    SELECT p."email" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'email' AND s."clearedAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'email_marketing' AND c."status" = 'unsubscribed'),
      p."phoneNumber" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ProfileConsent" c WHERE c."profileId" = p."id" AND c."channel" = 'sms_marketing' AND c."status" = 'subscribed')
        AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = 'sms' AND s."clearedAt" IS NULL)
    FROM "Profile" p WHERE p."id" = NEW."profileId")
  WHERE "profileId" = NEW."profileId" AND EXISTS (SELECT 1 FROM "Profile" WHERE "id" = NEW."profileId");
END;

