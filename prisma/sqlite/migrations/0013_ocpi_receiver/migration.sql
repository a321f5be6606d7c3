CREATE TABLE "OcpiFeed" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "countryCode" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "seenAt" DATETIME
);
CREATE UNIQUE INDEX "OcpiFeed_sourceId_key" ON "OcpiFeed"("sourceId");
CREATE UNIQUE INDEX "OcpiFeed_tenantId_countryCode_partyId_key" ON "OcpiFeed"("tenantId", "countryCode", "partyId");
CREATE TABLE "OcpiParty" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "countryCode" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "feedId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tokenPrefix" TEXT NOT NULL,
    "label" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" DATETIME,
    "lastUsedAt" DATETIME,
    CONSTRAINT "OcpiParty_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "OcpiFeed" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "OcpiParty_tokenHash_key" ON "OcpiParty"("tokenHash");
CREATE INDEX "OcpiParty_tenantId_idx" ON "OcpiParty"("tenantId");
CREATE INDEX "OcpiParty_feedId_idx" ON "OcpiParty"("feedId");
CREATE TABLE "OcpiLocation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "feedId" INTEGER NOT NULL,
    "locationKey" TEXT NOT NULL,
    "object" TEXT NOT NULL,
    "lastUpdated" DATETIME NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "OcpiLocation_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "OcpiFeed" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "OcpiLocation_feedId_locationKey_key" ON "OcpiLocation"("feedId", "locationKey");
CREATE TABLE "OcpiEvseStatus" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "feedId" INTEGER NOT NULL,
    "locationKey" TEXT NOT NULL,
    "evseKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "lastUpdated" DATETIME NOT NULL,
    "receivedAt" DATETIME NOT NULL,
    CONSTRAINT "OcpiEvseStatus_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "OcpiFeed" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "OcpiEvseStatus_feedId_locationKey_evseKey_key" ON "OcpiEvseStatus"("feedId", "locationKey", "evseKey");
CREATE INDEX "OcpiEvseStatus_feedId_receivedAt_idx" ON "OcpiEvseStatus"("feedId", "receivedAt");
