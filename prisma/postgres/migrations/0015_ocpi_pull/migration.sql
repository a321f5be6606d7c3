CREATE TABLE "OcpiSource" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "label" TEXT,
    "versionsUrl" TEXT NOT NULL,
    "ourVersionsUrl" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "pendingTokenHash" TEXT,
    "partyRef" INTEGER,
    "roles" TEXT,
    "locationsUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "registeredAt" TIMESTAMP(3),
    "nextPullAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3),
    "claims" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastAttemptAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "syncedAt" TIMESTAMP(3),
    "lastFullAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastPull" TEXT,
    "objectsPulled" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "OcpiSource_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "OcpiSource_pendingTokenHash_key" ON "OcpiSource"("pendingTokenHash");
CREATE UNIQUE INDEX "OcpiSource_partyRef_key" ON "OcpiSource"("partyRef");
CREATE INDEX "OcpiSource_tenantId_idx" ON "OcpiSource"("tenantId");
CREATE INDEX "OcpiSource_nextPullAt_idx" ON "OcpiSource"("nextPullAt");
CREATE TABLE "OcpiSourceFeed" (
    "sourceId" INTEGER NOT NULL,
    "feedId" INTEGER NOT NULL,
    CONSTRAINT "OcpiSourceFeed_pkey" PRIMARY KEY ("sourceId", "feedId")
);
CREATE INDEX "OcpiSourceFeed_feedId_idx" ON "OcpiSourceFeed"("feedId");
ALTER TABLE "OcpiSource" ADD CONSTRAINT "OcpiSource_partyRef_fkey" FOREIGN KEY ("partyRef") REFERENCES "OcpiParty"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "OcpiSourceFeed" ADD CONSTRAINT "OcpiSourceFeed_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "OcpiSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OcpiSourceFeed" ADD CONSTRAINT "OcpiSourceFeed_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "OcpiFeed"("id") ON DELETE CASCADE ON UPDATE CASCADE;
