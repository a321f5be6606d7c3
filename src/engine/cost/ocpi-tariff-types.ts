// OCPI 2.2.1 Tariff objects, as far as pricing a session needs them (no imports: stations carry them).

export type TariffDimension = "ENERGY" | "FLAT" | "PARKING_TIME" | "TIME";

export interface PriceComponent {
  type: TariffDimension;
  price: number;
  vat?: number | null;
  step_size: number;
}

export interface TariffRestrictions {
  start_time?: string;
  end_time?: string;
  start_date?: string;
  end_date?: string;
  min_kwh?: number;
  max_kwh?: number;
  min_current?: number;
  max_current?: number;
  min_power?: number;
  max_power?: number;
  min_duration?: number;
  max_duration?: number;
  day_of_week?: string[];
  reservation?: "RESERVATION" | "RESERVATION_EXPIRES";
}

export interface TariffElement {
  price_components: PriceComponent[];
  restrictions?: TariffRestrictions | null;
}

export interface Tariff {
  id: string;
  currency: string;
  elements: TariffElement[];
  min_price?: { excl_vat: number; incl_vat?: number } | null;
  max_price?: { excl_vat: number; incl_vat?: number } | null;
  start_date_time?: string | null;
  end_date_time?: string | null;
}
