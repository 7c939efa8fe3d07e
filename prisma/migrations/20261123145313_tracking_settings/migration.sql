-- CreateTable
CREATE TABLE "TrackingSettings" (
    "companyId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "autoAddParameters" BOOLEAN NOT NULL DEFAULT true,
    "utmParams" TEXT NOT NULL DEFAULT '{}',
    "customParams" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" DATETIME NOT NULL
);
