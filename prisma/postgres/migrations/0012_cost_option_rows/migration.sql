CREATE TABLE "OptimizationOption" (
    "optimizationId" INTEGER NOT NULL,
    "k" INTEGER NOT NULL,
    "result" TEXT NOT NULL,
    CONSTRAINT "OptimizationOption_pkey" PRIMARY KEY ("optimizationId","k")
);
ALTER TABLE "OptimizationOption" ADD CONSTRAINT "OptimizationOption_optimizationId_fkey" FOREIGN KEY ("optimizationId") REFERENCES "Optimization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- Each element of the stored array becomes a row, k its index from 0; json (not jsonb) keeps each element's text as stored.
INSERT INTO "OptimizationOption" ("optimizationId", "k", "result")
SELECT "Optimization"."id", ("element"."n" - 1)::integer, "element"."value"::text
FROM "Optimization", json_array_elements("Optimization"."options"::json) WITH ORDINALITY AS "element"("value", "n")
WHERE "Optimization"."options" IS NOT NULL;
ALTER TABLE "Optimization" DROP COLUMN "options";
