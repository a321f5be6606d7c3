CREATE TABLE "Tenant" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Tenant_name_key" ON "Tenant"("name");

CREATE TABLE "ApiKey" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "label" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),
    CONSTRAINT "ApiKey_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ApiKey_prefix_key" ON "ApiKey"("prefix");
CREATE INDEX "ApiKey_tenantId_idx" ON "ApiKey"("tenantId");

CREATE TABLE "Vehicle" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "vehicleId" TEXT NOT NULL,
    "modelCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "overrides" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Vehicle_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Vehicle_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Vehicle_tenantId_vehicleId_key" ON "Vehicle"("tenantId", "vehicleId");

CREATE TABLE "Tour" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "vehicleId" TEXT NOT NULL,
    "batteryLevelStart" DOUBLE PRECISION NOT NULL,
    "batteryLevelEnd" DOUBLE PRECISION NOT NULL,
    "startTime" TIMESTAMP(3) NOT NULL,
    "corridorM" INTEGER NOT NULL,
    "minChargeDurationMin" INTEGER NOT NULL,
    "request" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Tour_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Tour_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Tour_tenantId_createdAt_idx" ON "Tour"("tenantId", "createdAt");

CREATE TABLE "TourSection" (
    "id" SERIAL NOT NULL,
    "tourId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "sectionId" TEXT,
    "startLat" DOUBLE PRECISION NOT NULL,
    "startLon" DOUBLE PRECISION NOT NULL,
    "stopLat" DOUBLE PRECISION NOT NULL,
    "stopLon" DOUBLE PRECISION NOT NULL,
    "payloadKg" DOUBLE PRECISION NOT NULL,
    "serviceTimeMin" DOUBLE PRECISION,
    "openingFrom" TEXT,
    "openingTo" TEXT,
    "powerAvailableKW" DOUBLE PRECISION,
    CONSTRAINT "TourSection_tourId_fkey" FOREIGN KEY ("tourId") REFERENCES "Tour" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TourSection_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "TourSection_tourId_position_key" ON "TourSection"("tourId", "position");

CREATE TABLE "Optimization" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "tourId" INTEGER NOT NULL,
    "result" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "Optimization_tourId_fkey" FOREIGN KEY ("tourId") REFERENCES "Tour" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Optimization_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Optimization_tenantId_idx" ON "Optimization"("tenantId");

CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "tourId" INTEGER NOT NULL,
    "optimizationId" INTEGER NOT NULL,
    "vehicleId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedBy" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "Job_optimizationId_fkey" FOREIGN KEY ("optimizationId") REFERENCES "Optimization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Job_optimizationId_key" ON "Job"("optimizationId");
CREATE INDEX "Job_status_createdAt_idx" ON "Job"("status", "createdAt");
CREATE INDEX "Job_tenantId_idx" ON "Job"("tenantId");
