ALTER TABLE "Tour" ADD COLUMN "fleetId" TEXT;
CREATE INDEX "Tour_fleetId_idx" ON "Tour"("fleetId");
CREATE TABLE "FleetDay" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenantId" INTEGER NOT NULL,
    "plan" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "FleetDay_tenantId_idx" ON "FleetDay"("tenantId");
CREATE TABLE "HeldSlot" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "optimizationId" INTEGER NOT NULL,
    "site" TEXT NOT NULL,
    "startAt" DATETIME NOT NULL,
    "endAt" DATETIME NOT NULL,
    "capacity" INTEGER NOT NULL,
    "toBook" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "HeldSlot_tenantId_endAt_idx" ON "HeldSlot"("tenantId", "endAt");
CREATE INDEX "HeldSlot_optimizationId_idx" ON "HeldSlot"("optimizationId");
