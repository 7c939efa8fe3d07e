-- Per-attribute write times: an older write never replaces a value a newer one set
ALTER TABLE "Profile" ADD COLUMN "attributeTimes" TEXT;
