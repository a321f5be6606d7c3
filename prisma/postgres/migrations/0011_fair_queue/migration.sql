ALTER TABLE "FleetDay" ADD COLUMN "error" TEXT;
ALTER TABLE "Job" ADD COLUMN "fairStart" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Job" ADD COLUMN "fairFinish" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Job" ADD COLUMN "fleetLeadId" TEXT;
CREATE INDEX "Job_status_fairStart_createdAt_idx" ON "Job"("status", "fairStart", "createdAt");
CREATE INDEX "Job_tenantId_status_idx" ON "Job"("tenantId", "status");
