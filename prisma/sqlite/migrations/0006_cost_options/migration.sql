ALTER TABLE "Optimization" ADD COLUMN "options" TEXT;
