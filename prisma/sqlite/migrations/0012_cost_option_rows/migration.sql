CREATE TABLE "OptimizationOption" (
    "optimizationId" INTEGER NOT NULL,
    "k" INTEGER NOT NULL,
    "result" TEXT NOT NULL,

    PRIMARY KEY ("optimizationId", "k"),
    CONSTRAINT "OptimizationOption_optimizationId_fkey" FOREIGN KEY ("optimizationId") REFERENCES "Optimization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Each element of the stored array becomes a row, k its index; json_each's value of an object is its JSON text.
INSERT INTO "OptimizationOption" ("optimizationId", "k", "result")
SELECT "Optimization"."id", "element"."key", "element"."value"
FROM "Optimization", json_each("Optimization"."options") AS "element"
WHERE "Optimization"."options" IS NOT NULL;
ALTER TABLE "Optimization" DROP COLUMN "options";
