-- CreateTable
CREATE TABLE "CodeFunction" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "triggerMetric" TEXT NOT NULL,
    "sourceCode" TEXT NOT NULL,
    "secretsSealed" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CodeFunction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CodeFunctionInvocation" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "functionId" TEXT NOT NULL,
    "eventId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "input" TEXT,
    "output" TEXT,
    "logs" TEXT,
    "error" TEXT,
    "durationMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "CodeFunctionInvocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CodeAuthorization" (
    "companyId" INTEGER NOT NULL,
    "acceptedBy" INTEGER NOT NULL,
    "acceptedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CodeAuthorization_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "Transformation" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'events',
    "sourceCode" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Transformation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransformationInvocation" (
    "id" TEXT NOT NULL,
    "companyId" INTEGER NOT NULL,
    "transformationId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "input" TEXT,
    "output" TEXT,
    "error" TEXT,
    "durationMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TransformationInvocation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CodeFunction_companyId_triggerMetric_idx" ON "CodeFunction"("companyId", "triggerMetric");

-- CreateIndex
CREATE INDEX "CodeFunctionInvocation_companyId_functionId_createdAt_idx" ON "CodeFunctionInvocation"("companyId", "functionId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CodeFunctionInvocation_functionId_eventId_key" ON "CodeFunctionInvocation"("functionId", "eventId");

-- CreateIndex
CREATE INDEX "Transformation_companyId_enabled_idx" ON "Transformation"("companyId", "enabled");

-- CreateIndex
CREATE INDEX "Transformation_enabled_idx" ON "Transformation"("enabled");

-- CreateIndex
CREATE INDEX "TransformationInvocation_companyId_transformationId_created_idx" ON "TransformationInvocation"("companyId", "transformationId", "createdAt");
