-- Counts the writes of a vehicle's telematics state: a poll writes a row only as it read it.
ALTER TABLE "VehicleTelematics" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
