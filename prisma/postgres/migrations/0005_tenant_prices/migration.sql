CREATE TABLE "TenantPriceList" (
    "tenantId" INTEGER NOT NULL,
    "document" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "TenantPriceList_pkey" PRIMARY KEY ("tenantId")
);
