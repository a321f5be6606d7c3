ALTER TABLE "ApiKey" ADD COLUMN "role" TEXT NOT NULL DEFAULT 'admin';

CREATE TABLE "StationSource" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "key" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileHash" TEXT NOT NULL,
    "records" INTEGER NOT NULL,
    "sites" INTEGER NOT NULL,
    "importedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
CREATE UNIQUE INDEX "StationSource_tenantId_key_key" ON "StationSource"("tenantId", "key");

CREATE TABLE "StationRecord" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "draft" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StationRecord_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "StationSource" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "StationRecord_sourceId_externalId_key" ON "StationRecord"("sourceId", "externalId");

CREATE TABLE "StationOverlay" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "externalId" TEXT NOT NULL,
    "truckApproved" TEXT,
    "connectorPos" TEXT,
    "bookable" BOOLEAN,
    "mcsKW" REAL,
    "note" TEXT,
    "updatedAt" DATETIME NOT NULL
);
CREATE UNIQUE INDEX "StationOverlay_tenantId_externalId_key" ON "StationOverlay"("tenantId", "externalId");
