CREATE TABLE "TenantPriceList" (
    "tenantId" INTEGER NOT NULL PRIMARY KEY,
    "document" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);
