DROP INDEX "WebhookDelivery_jobId_key";
ALTER TABLE "WebhookDelivery" ADD COLUMN "event" TEXT NOT NULL DEFAULT 'job.completed';
ALTER TABLE "WebhookDelivery" ADD COLUMN "payload" TEXT;
CREATE UNIQUE INDEX "WebhookDelivery_jobId_event_key" ON "WebhookDelivery"("jobId", "event");
CREATE TABLE "PlanWatch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "optimizationId" INTEGER NOT NULL,
    "vehicleId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'watching',
    "untilAt" DATETIME NOT NULL,
    "nextCheckAt" DATETIME NOT NULL,
    "claims" INTEGER NOT NULL DEFAULT 0,
    "lastCheckedAt" DATETIME,
    "lastCheck" TEXT,
    "endedAt" DATETIME,
    "endReason" TEXT,
    "trigger" TEXT,
    "detail" TEXT,
    "replannedTo" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "PlanWatch_optimizationId_key" ON "PlanWatch"("optimizationId");
CREATE INDEX "PlanWatch_status_nextCheckAt_idx" ON "PlanWatch"("status", "nextCheckAt");
CREATE INDEX "PlanWatch_tenantId_idx" ON "PlanWatch"("tenantId");
