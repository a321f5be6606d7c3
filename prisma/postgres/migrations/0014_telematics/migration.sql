-- A fleet vehicle's VIN, unique within its tenant (NULLs do not clash).
ALTER TABLE "Vehicle" ADD COLUMN "vin" TEXT;
CREATE UNIQUE INDEX "Vehicle_tenantId_vin_key" ON "Vehicle"("tenantId", "vin");
CREATE TABLE "TelematicsSource" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "sourceId" TEXT NOT NULL,
    "name" TEXT,
    "baseUrl" TEXT NOT NULL,
    "authType" TEXT NOT NULL,
    "tokenUrl" TEXT,
    "clientId" TEXT NOT NULL,
    "scope" TEXT,
    "clientAuth" TEXT,
    "secret" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "pollIntervalS" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "nextPollAt" TIMESTAMP(3) NOT NULL,
    "claims" INTEGER NOT NULL DEFAULT 0,
    "lastPollAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "failures" INTEGER NOT NULL DEFAULT 0,
    "vehiclesSeen" INTEGER,
    "vehiclesMatched" INTEGER,
    "reportsSkipped" INTEGER,
    CONSTRAINT "TelematicsSource_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "TelematicsSource_tenantId_sourceId_key" ON "TelematicsSource"("tenantId", "sourceId");
CREATE INDEX "TelematicsSource_enabled_nextPollAt_idx" ON "TelematicsSource"("enabled", "nextPollAt");
CREATE TABLE "VehicleTelematics" (
    "vehicleRowId" INTEGER NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "headingDeg" INTEGER,
    "speedKmh" DOUBLE PRECISION,
    "positionAt" TIMESTAMP(3),
    "positionSource" TEXT,
    "socPercent" DOUBLE PRECISION,
    "rangeM" DOUBLE PRECISION,
    "socAt" TIMESTAMP(3),
    "socSource" TEXT,
    "chargingStatus" TEXT,
    "chargingConnection" TEXT,
    "chargingPowerW" DOUBLE PRECISION,
    "chargingDoneAt" TIMESTAMP(3),
    "chargingAt" TIMESTAMP(3),
    "chargingSource" TEXT,
    "driver1State" TEXT,
    "driver2State" TEXT,
    "driverAt" TIMESTAMP(3),
    "driverSource" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "VehicleTelematics_pkey" PRIMARY KEY ("vehicleRowId")
);
CREATE INDEX "VehicleTelematics_tenantId_idx" ON "VehicleTelematics"("tenantId");
ALTER TABLE "TelematicsSource" ADD CONSTRAINT "TelematicsSource_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "VehicleTelematics" ADD CONSTRAINT "VehicleTelematics_vehicleRowId_fkey" FOREIGN KEY ("vehicleRowId") REFERENCES "Vehicle"("id") ON DELETE CASCADE ON UPDATE CASCADE;
