/**
 * The CO2 footprint of analyses (spec platform-shell §9), estimated from what the platform measures:
 * each analysis's processing time (`analyses.duration_ms`). docs/decisions/dashboard-co2-estimate.md
 * says what is and is not counted.
 */

/** Spec §9: the French energy mix. */
export const KG_CO2_PER_KWH = 0.06;
/** Spec §9: power usage effectiveness, the data centre's overhead (cooling, power supply) on IT power. */
export const PUE = 1.3;
/** Spec §9: consumption is counted since this day. */
export const CO2_COUNTED_SINCE = '2025-04-24';
/**
 * Assumption: the power one busy core of a current server draws, its share of the whole machine
 * under load (CPU, memory, board). An analysis runs on one core of one worker for its duration.
 */
export const WATTS_PER_BUSY_CORE = 12;

const MS_PER_HOUR = 3_600_000;

export interface Footprint {
  energyKwh: number;
  kgCo2: number;
}

/**
 * Energy and CO2 of `processingMs` milliseconds of analysis processing:
 * kWh = hours × WATTS_PER_BUSY_CORE / 1000 × PUE; kg CO2 = kWh × KG_CO2_PER_KWH.
 *
 * @example
 * footprintOf(3_600_000); // one hour of processing: { energyKwh: 0.0156, kgCo2: 0.000936 } (to rounding)
 */
export const footprintOf = (processingMs: number): Footprint => {
  const energyKwh = (processingMs / MS_PER_HOUR) * (WATTS_PER_BUSY_CORE / 1000) * PUE;
  return { energyKwh, kgCo2: energyKwh * KG_CO2_PER_KWH };
};

/**
 * The first day counted for a period starting on `from`: never before 24 April 2025.
 *
 * @example
 * co2CountedFrom('2025-01-01'); // '2025-04-24'
 * co2CountedFrom('2026-03-01'); // '2026-03-01'
 */
export const co2CountedFrom = (from: string): string => (from > CO2_COUNTED_SINCE ? from : CO2_COUNTED_SINCE);

/** The factors, for the console's explanation. */
export const FOOTPRINT_FACTORS = {
  wattsPerBusyCore: WATTS_PER_BUSY_CORE,
  pue: PUE,
  kgCo2PerKwh: KG_CO2_PER_KWH,
} as const;

/** The method in one paragraph, for API clients. */
export const FOOTPRINT_METHOD =
  `Energy = processing time of each analysis x ${WATTS_PER_BUSY_CORE} W per busy core (assumption) ` +
  `x PUE ${PUE}; CO2 = energy x ${KG_CO2_PER_KWH} kg CO2 per kWh (French energy mix). ` +
  `Counted since ${CO2_COUNTED_SINCE}. Not counted: idle servers, storage over time, networks, ` +
  'client devices, manufacturing of the hardware.';
