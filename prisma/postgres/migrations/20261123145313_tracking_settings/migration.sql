-- CreateTable
CREATE TABLE "TrackingSettings" (
    "companyId" INTEGER NOT NULL,
    "autoAddParameters" BOOLEAN NOT NULL DEFAULT true,
    "utmParams" TEXT NOT NULL DEFAULT '{}',
    "customParams" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrackingSettings_pkey" PRIMARY KEY ("companyId")
);
