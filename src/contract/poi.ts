import { z } from "zod";
import { onObjects, validFields } from "./fields";

export const TruckApproved = z.enum(["T", "TT"]).describe("`T` = tractor-only ready, `TT` = truck and trailer; TT is a subset of T");
export const ConnectorType = z.enum(["MCS", "CCS"]);
export const ConnectorPos = z.enum(["LEFT", "RIGHT"]);

/** Charging-station filter (request `poi_info`, echoed as result `poi_filter`). */
export const PoiInfo = z
  .object({
    min_kW: z.number().min(0).nullish().describe("Minimum required power in kW; at most max_kW"),
    max_kW: z.number().min(0).nullish().describe("Maximum acceptable power in kW; at least min_kW"),
    cpo: z.array(z.string().min(1)).nullish().describe("Charge point operators to filter by (names as listed by GET /poi/cpos; case-insensitive)"),
    truck_approved: TruckApproved.nullish(),
    connector_type: z.array(ConnectorType).nullish().describe("Connector types; a station qualifies when it has any of them"),
    connector_pos: ConnectorPos.nullish().describe("Position of the connector on the vehicle"),
    bookable: z.boolean().nullish().describe("Only return bookable stations"),
  })
  .superRefine((p, ctx) => {
    if (validFields(ctx)("min_kW", "max_kW") && p.min_kW != null && p.max_kW != null && p.min_kW > p.max_kW) {
      ctx.addIssue({ code: "custom", input: p.max_kW, path: ["max_kW"], message: "min_kW must not exceed max_kW" });
    }
  }, onObjects)
  .meta({ id: "POIInfo" });
export type PoiInfo = z.infer<typeof PoiInfo>;
