DROP INDEX "WebhookDelivery_jobId_key";
ALTER TABLE "WebhookDelivery" ADD COLUMN "event" TEXT NOT NULL DEFAULT 'job.completed';
ALTER TABLE "WebhookDelivery" ADD COLUMN "payload" TEXT;
CREATE UNIQUE INDEX "WebhookDelivery_jobId_event_key" ON "WebhookDelivery"("jobId", "event");
CREATE TABLE "PlanWatch" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "optimizationId" INTEGER NOT NULL,
    "vehicleId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'watching',
    "untilAt" TIMESTAMP(3) NOT NULL,
    "nextCheckAt" TIMESTAMP(3) NOT NULL,
    "claims" INTEGER NOT NULL DEFAULT 0,
    "lastCheckedAt" TIMESTAMP(3),
    "lastCheck" TEXT,
    "endedAt" TIMESTAMP(3),
    "endReason" TEXT,
    "trigger" TEXT,
    "detail" TEXT,
    "replannedTo" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PlanWatch_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "PlanWatch_optimizationId_key" ON "PlanWatch"("optimizationId");
CREATE INDEX "PlanWatch_status_nextCheckAt_idx" ON "PlanWatch"("status", "nextCheckAt");
CREATE INDEX "PlanWatch_tenantId_idx" ON "PlanWatch"("tenantId");
