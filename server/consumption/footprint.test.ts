import { describe, expect, it } from 'vitest';
import {
  CO2_COUNTED_SINCE,
  FOOTPRINT_METHOD,
  KG_CO2_PER_KWH,
  PUE,
  WATTS_PER_BUSY_CORE,
  co2CountedFrom,
  footprintOf,
} from './footprint';

describe('CO2 footprint of analyses (spec §9)', () => {
  it('uses the spec’s factors and the stated per-core power', () => {
    expect({ KG_CO2_PER_KWH, PUE, CO2_COUNTED_SINCE, WATTS_PER_BUSY_CORE }).toEqual({
      KG_CO2_PER_KWH: 0.06,
      PUE: 1.3,
      CO2_COUNTED_SINCE: '2025-04-24',
      WATTS_PER_BUSY_CORE: 12,
    });
  });

  it('turns one hour of processing into 12 Wh of IT energy, times the PUE, times the energy mix', () => {
    const { energyKwh, kgCo2 } = footprintOf(3_600_000);
    expect(energyKwh).toBeCloseTo(0.012 * 1.3, 15);
    expect(kgCo2).toBeCloseTo(0.012 * 1.3 * 0.06, 15);
  });

  it('is proportional to the processing time, and nothing without any', () => {
    expect(footprintOf(0)).toEqual({ energyKwh: 0, kgCo2: 0 });
    const one = footprintOf(1_500);
    const ten = footprintOf(15_000);
    expect(ten.energyKwh).toBeCloseTo(one.energyKwh * 10, 15);
    // 1.5 s of one busy core: 1.5 / 3600 h × 0.012 kW × 1.3.
    expect(one.energyKwh).toBeCloseTo((1.5 / 3600) * 0.012 * 1.3, 15);
  });

  it('never counts before 24 April 2025', () => {
    expect(co2CountedFrom('2025-01-01')).toBe('2025-04-24');
    expect(co2CountedFrom('2025-04-24')).toBe('2025-04-24');
    expect(co2CountedFrom('2026-03-01')).toBe('2026-03-01');
  });

  it('states its method with its numbers', () => {
    for (const part of ['12 W per busy core', 'PUE 1.3', '0.06 kg CO2 per kWh', '2025-04-24'])
      expect(FOOTPRINT_METHOD).toContain(part);
  });
});
