// What each partner program learns from the API, so a test can compare them.
export interface Summary {
  jobStatus: string;
  chargingStops: number;
  hasCorridorStations: boolean;
  rejected: { status: number; loc: (string | number)[]; requestId: string };
}

export const FINAL = ["succeeded", "not_drivable", "failed"];
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
