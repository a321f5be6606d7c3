// Monthly mean air temperature normals of reference stations: exactly the figures of
// shared/facts/climate-normals.md (§2.2), with its marks mapped [H] -> official,
// [M] -> secondary, [L]/(?) -> estimate. Rows the facts file leaves empty are left out;
// add a station here only together with its row there.

export type NormalPeriod = "1991-2020" | "1981-2010";
export type NormalConfidence = "official" | "secondary" | "estimate";

export interface ClimateNormalStation {
  /** Publisher's station code, prefixed by the publisher ("MCH-SMA", "DWD-3366"). */
  readonly id: string;
  readonly name: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** WGS84 degrees. */
  readonly lat: number;
  readonly lon: number;
  /** Station altitude above sea level, m. */
  readonly altitudeM: number;
  readonly period: NormalPeriod;
  /** Mean of the daily mean air temperature (2 m), January..December, °C. */
  readonly monthlyMeanC: readonly number[];
  /** Publisher and address of the figures. */
  readonly source: string;
  readonly confidence: NormalConfidence;
}

// MeteoSwiss publishes the normals as climatereportsnormtables_tre200m0_19912020_*.txt; the
// copy read is the JSON that a public repository parsed from those files (facts file K16),
// the station positions are that repository's SwissMetNet list (K17).
const METEOSWISS =
  "MeteoSwiss, Klimanormwerte 1991-2020 (climatereportsnormtables_tre200m0_19912020), " +
  "https://www.meteoswiss.admin.ch/climate/the-climate-of-switzerland/climate-normals.html; " +
  "values as parsed in github.com/malkreide/meteoswiss-mcp data/climate-normals.json";

const DWD_MULTI_ANNUAL =
  "Deutscher Wetterdienst, Climate Data Center, mean_91-20/Temperatur_1991-2020.txt, " +
  "https://opendata.dwd.de/climate_environment/CDC/observations_germany/climate/multi_annual/mean_91-20/; " +
  "values as extracted in github.com/twait-teach/Modellbewertungen daten/klima/normalwerte.json";

// Uccle: no IRM/KMI normals table was readable; the 1991-2020 monthly normals are those the IRM
// quotes in its monthly climate bulletins, as reported by Belga (facts file K20). May and November
// were not found and are derived from the published spring (10.5) and autumn (11.2) normals, so
// the row is an estimate; the position is the Royal Observatory's on the same Uccle site (K21).
const IRM_UCCLE =
  "IRM/KMI (Royal Meteorological Institute of Belgium), Uccle normals 1991-2020 as quoted in its monthly " +
  "climate bulletins reported by Belga (e.g. https://www.rtl.be/info/belgique/meteo/un-mois-de-janvier-2022-un-peu-plus-chaud-que-la-normale-1354310.aspx); " +
  "May and November derived from the published spring (10.5) and autumn (11.2) normals; " +
  "position: Royal Observatory of Belgium, Uccle (https://robinfo.oma.be/en/astro-info/geographical-coordinates-of-our-sites/)";

function meteoSwiss(
  code: string, name: string, lat: number, lon: number, altitudeM: number, monthlyMeanC: number[],
): ClimateNormalStation {
  return {
    id: `MCH-${code}`, name, country: "CH", lat, lon, altitudeM,
    period: "1991-2020", monthlyMeanC, source: METEOSWISS, confidence: "secondary",
  };
}

export const CLIMATE_NORMAL_STATIONS: readonly ClimateNormalStation[] = [
  meteoSwiss("SMA", "Zürich / Fluntern", 47.3783, 8.5651, 556, [0.9, 1.8, 5.8, 9.6, 13.6, 17.1, 19.0, 18.6, 14.4, 10.0, 4.9, 1.7]),
  meteoSwiss("KLO", "Zürich / Kloten", 47.4802, 8.5364, 436, [0.9, 1.6, 5.6, 9.6, 13.8, 17.4, 19.2, 18.7, 14.4, 9.9, 4.7, 1.6]),
  meteoSwiss("BAS", "Basel / Binningen", 47.5404, 7.5836, 317, [2.2, 3.2, 7.0, 10.7, 14.6, 18.2, 20.2, 19.7, 15.4, 11.1, 6.0, 2.9]),
  meteoSwiss("GVE", "Genève / Cointrin", 46.2483, 6.1289, 411, [2.1, 2.9, 6.7, 10.5, 14.5, 18.4, 20.6, 20.0, 15.7, 11.3, 6.0, 2.8]),
  meteoSwiss("BER", "Bern / Zollikofen", 46.9907, 7.4649, 552, [0.2, 1.1, 5.2, 9.0, 13.2, 16.9, 18.8, 18.4, 14.1, 9.5, 4.2, 0.9]),
  meteoSwiss("PAY", "Payerne", 46.8117, 6.9453, 491, [0.9, 1.8, 5.7, 9.3, 13.6, 17.3, 19.3, 18.8, 14.5, 10.0, 4.9, 1.7]),
  meteoSwiss("LUZ", "Luzern", 47.0359, 8.301, 454, [1.1, 1.9, 6.0, 9.9, 14.1, 17.6, 19.5, 18.9, 14.8, 10.3, 5.1, 1.9]),
  meteoSwiss("STG", "St. Gallen", 47.4238, 9.3951, 775, [0.2, 0.8, 4.4, 8.1, 12.2, 15.7, 17.5, 17.2, 13.1, 9.2, 4.3, 1.3]),
  meteoSwiss("CHU", "Chur", 46.8697, 9.5309, 556, [1.0, 2.1, 6.3, 10.2, 14.4, 17.7, 19.3, 18.9, 14.9, 10.8, 5.6, 1.9]),
  meteoSwiss("DAV", "Davos", 46.8133, 9.8444, 1594, [-4.7, -4.2, -0.7, 3.0, 7.4, 11.0, 12.8, 12.6, 8.7, 5.1, 0.0, -3.6]),
  meteoSwiss("SIO", "Sion", 46.2171, 7.3296, 482, [0.5, 2.3, 7.2, 11.3, 15.3, 19.0, 20.6, 19.9, 15.7, 10.7, 5.0, 0.9]),
  meteoSwiss("LUG", "Lugano", 46.0044, 8.9608, 273, [3.8, 5.0, 8.9, 12.3, 16.3, 20.4, 22.6, 22.1, 17.9, 13.2, 8.4, 4.6]),
  {
    // Values [M]; the position only to 0.01° from a list of DWD test-reference-year stations [L].
    id: "DWD-3366", name: "Mühldorf", country: "DE", lat: 48.24, lon: 12.5, altitudeM: 405.6,
    period: "1991-2020", monthlyMeanC: [-0.7, 0.3, 4.3, 8.9, 13.5, 17.1, 18.6, 18.2, 13.3, 8.7, 3.6, 0.3],
    source: DWD_MULTI_ANNUAL, confidence: "secondary",
  },
  {
    // Ten months [M] (press reports of IRM bulletins), May and November derived [L]; position [L].
    id: "IRM-UCCLE", name: "Uccle", country: "BE", lat: 50.7978, lon: 4.3581, altitudeM: 104.9,
    period: "1991-2020", monthlyMeanC: [3.7, 4.2, 7.1, 10.4, 14.0, 16.7, 18.7, 18.4, 15.2, 11.3, 7.1, 4.3],
    source: IRM_UCCLE, confidence: "estimate",
  },
];
