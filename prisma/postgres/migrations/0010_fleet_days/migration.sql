ALTER TABLE "Tour" ADD COLUMN "fleetId" TEXT;
CREATE INDEX "Tour_fleetId_idx" ON "Tour"("fleetId");
CREATE TABLE "FleetDay" (
    "id" TEXT NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "plan" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FleetDay_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "FleetDay_tenantId_idx" ON "FleetDay"("tenantId");
CREATE TABLE "HeldSlot" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "optimizationId" INTEGER NOT NULL,
    "site" TEXT NOT NULL,
    "startAt" TIMESTAMP(3) NOT NULL,
    "endAt" TIMESTAMP(3) NOT NULL,
    "capacity" INTEGER NOT NULL,
    "toBook" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "HeldSlot_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "HeldSlot_tenantId_endAt_idx" ON "HeldSlot"("tenantId", "endAt");
CREATE INDEX "HeldSlot_optimizationId_idx" ON "HeldSlot"("optimizationId");
