CREATE TABLE "OcpiSource" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL DEFAULT 0,
    "label" TEXT,
    "versionsUrl" TEXT NOT NULL,
    "ourVersionsUrl" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "pendingTokenHash" TEXT,
    "partyRef" INTEGER,
    "roles" TEXT,
    "locationsUrl" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "registeredAt" DATETIME,
    "nextPullAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME,
    "claims" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastAttemptAt" DATETIME,
    "lastSuccessAt" DATETIME,
    "syncedAt" DATETIME,
    "lastFullAt" DATETIME,
    "lastError" TEXT,
    "lastPull" TEXT,
    "objectsPulled" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "OcpiSource_partyRef_fkey" FOREIGN KEY ("partyRef") REFERENCES "OcpiParty" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "OcpiSource_pendingTokenHash_key" ON "OcpiSource"("pendingTokenHash");
CREATE UNIQUE INDEX "OcpiSource_partyRef_key" ON "OcpiSource"("partyRef");
CREATE INDEX "OcpiSource_tenantId_idx" ON "OcpiSource"("tenantId");
CREATE INDEX "OcpiSource_nextPullAt_idx" ON "OcpiSource"("nextPullAt");
CREATE TABLE "OcpiSourceFeed" (
    "sourceId" INTEGER NOT NULL,
    "feedId" INTEGER NOT NULL,

    PRIMARY KEY ("sourceId", "feedId"),
    CONSTRAINT "OcpiSourceFeed_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "OcpiSource" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OcpiSourceFeed_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "OcpiFeed" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "OcpiSourceFeed_feedId_idx" ON "OcpiSourceFeed"("feedId");
