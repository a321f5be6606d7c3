// The region the planner's map covers (west, south, east, north, degrees):
// Europe with its neighbours. The basemap's country outlines are cut to it and
// the map does not pan beyond it.
export const BASEMAP_REGION = [-30, 25, 60, 75] as const;

/** Initial view before anything is chosen: Germany. */
export const INITIAL_CENTER: [number, number] = [51.1, 10.4];
export const INITIAL_ZOOM = 6;
