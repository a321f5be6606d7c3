ALTER TABLE "StationOverlay" ADD COLUMN "points" INTEGER;
