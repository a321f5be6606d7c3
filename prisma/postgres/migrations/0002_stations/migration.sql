ALTER TABLE "ApiKey" ADD COLUMN "role" TEXT NOT NULL DEFAULT 'admin';

CREATE TABLE "StationSource" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "key" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileHash" TEXT NOT NULL,
    "records" INTEGER NOT NULL,
    "sites" INTEGER NOT NULL,
    "importedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "StationSource_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StationSource_tenantId_key_key" ON "StationSource"("tenantId", "key");

CREATE TABLE "StationRecord" (
    "id" SERIAL NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "draft" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "StationRecord_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "StationSource" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StationRecord_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StationRecord_sourceId_externalId_key" ON "StationRecord"("sourceId", "externalId");

CREATE TABLE "StationOverlay" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "externalId" TEXT NOT NULL,
    "truckApproved" TEXT,
    "connectorPos" TEXT,
    "bookable" BOOLEAN,
    "mcsKW" DOUBLE PRECISION,
    "note" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "StationOverlay_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StationOverlay_tenantId_externalId_key" ON "StationOverlay"("tenantId", "externalId");
