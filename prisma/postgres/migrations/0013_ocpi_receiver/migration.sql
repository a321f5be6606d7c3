CREATE TABLE "OcpiFeed" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "countryCode" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "seenAt" TIMESTAMP(3),
    CONSTRAINT "OcpiFeed_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "OcpiFeed_sourceId_key" ON "OcpiFeed"("sourceId");
CREATE UNIQUE INDEX "OcpiFeed_tenantId_countryCode_partyId_key" ON "OcpiFeed"("tenantId", "countryCode", "partyId");
CREATE TABLE "OcpiParty" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "countryCode" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "feedId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tokenPrefix" TEXT NOT NULL,
    "label" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),
    CONSTRAINT "OcpiParty_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "OcpiParty_tokenHash_key" ON "OcpiParty"("tokenHash");
CREATE INDEX "OcpiParty_tenantId_idx" ON "OcpiParty"("tenantId");
CREATE INDEX "OcpiParty_feedId_idx" ON "OcpiParty"("feedId");
CREATE TABLE "OcpiLocation" (
    "id" SERIAL NOT NULL,
    "feedId" INTEGER NOT NULL,
    "locationKey" TEXT NOT NULL,
    "object" TEXT NOT NULL,
    "lastUpdated" TIMESTAMP(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "OcpiLocation_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "OcpiLocation_feedId_locationKey_key" ON "OcpiLocation"("feedId", "locationKey");
CREATE TABLE "OcpiEvseStatus" (
    "id" SERIAL NOT NULL,
    "feedId" INTEGER NOT NULL,
    "locationKey" TEXT NOT NULL,
    "evseKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "lastUpdated" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "OcpiEvseStatus_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "OcpiEvseStatus_feedId_locationKey_evseKey_key" ON "OcpiEvseStatus"("feedId", "locationKey", "evseKey");
CREATE INDEX "OcpiEvseStatus_feedId_receivedAt_idx" ON "OcpiEvseStatus"("feedId", "receivedAt");
ALTER TABLE "OcpiParty" ADD CONSTRAINT "OcpiParty_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "OcpiFeed"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OcpiLocation" ADD CONSTRAINT "OcpiLocation_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "OcpiFeed"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OcpiEvseStatus" ADD CONSTRAINT "OcpiEvseStatus_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "OcpiFeed"("id") ON DELETE CASCADE ON UPDATE CASCADE;
