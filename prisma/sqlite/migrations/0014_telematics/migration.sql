-- A fleet vehicle's VIN, unique within its tenant (NULLs do not clash).
ALTER TABLE "Vehicle" ADD COLUMN "vin" TEXT;
CREATE UNIQUE INDEX "Vehicle_tenantId_vin_key" ON "Vehicle"("tenantId", "vin");
CREATE TABLE "TelematicsSource" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "nextPollAt" DATETIME NOT NULL,
    "claims" INTEGER NOT NULL DEFAULT 0,
    "lastPollAt" DATETIME,
    "lastSuccessAt" DATETIME,
    "lastError" TEXT,
    "lastErrorAt" DATETIME,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "vehiclesSeen" INTEGER,
    "vehiclesMatched" INTEGER,
    "reportsSkipped" INTEGER,
    CONSTRAINT "TelematicsSource_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "TelematicsSource_tenantId_sourceId_key" ON "TelematicsSource"("tenantId", "sourceId");
CREATE INDEX "TelematicsSource_enabled_nextPollAt_idx" ON "TelematicsSource"("enabled", "nextPollAt");
CREATE TABLE "VehicleTelematics" (
    "vehicleRowId" INTEGER NOT NULL PRIMARY KEY,
    "tenantId" INTEGER NOT NULL,
    "latitude" REAL,
    "longitude" REAL,
    "headingDeg" INTEGER,
    "speedKmh" REAL,
    "positionAt" DATETIME,
    "positionSource" TEXT,
    "socPercent" REAL,
    "rangeM" REAL,
    "socAt" DATETIME,
    "socSource" TEXT,
    "chargingStatus" TEXT,
    "chargingConnection" TEXT,
    "chargingPowerW" REAL,
    "chargingDoneAt" DATETIME,
    "chargingAt" DATETIME,
    "chargingSource" TEXT,
    "driver1State" TEXT,
    "driver2State" TEXT,
    "driverAt" DATETIME,
    "driverSource" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "VehicleTelematics_vehicleRowId_fkey" FOREIGN KEY ("vehicleRowId") REFERENCES "Vehicle" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "VehicleTelematics_tenantId_idx" ON "VehicleTelematics"("tenantId");
