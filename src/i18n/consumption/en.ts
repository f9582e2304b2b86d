import type { Messages } from '../fr';
import type { consumptionFr } from './fr';

/** Messages of the organisation's consumption page, English. */
export const consumptionEn: Messages<typeof consumptionFr> = {
  intro:
    'The analyses of the organisation’s projects and environments, the use of its yearly quota and their carbon footprint.',
  period: 'Period',
  periods: { contract: 'Current contract year', custom: 'Chosen dates' },
  from: 'From',
  to: 'To',
  bucket: 'Per',
  buckets: { day: 'Day', week: 'Week', month: 'Month' },
  figures: { analyses: 'Analyses', tokens: 'Tokens', sizeMb: 'Size (MB)' },
  tokensNote:
    'Tokens are those the analyses’ LLM calls used (vision engine, LLM reply templates), as the LLM endpoint counts them; an endpoint that does not report them counts 0.',
  quota: {
    title: 'Yearly quota',
    used: '%{used} / %{quota} analyses',
    usedWithoutQuota: '%{used} analyses',
    noQuota: 'No yearly quota set',
    bar: 'Share of the quota used',
    percent: '%{percent} % used',
    remaining: '%{remaining} remaining',
    contractStart: 'Contract year since %{date}',
  },
  co2: {
    title: 'CO2 footprint',
    kg: '%{value} kg CO2',
    kwh: '%{value} kWh',
    since: 'Since %{date}, %{smart_count} analysis |||| Since %{date}, %{smart_count} analyses',
    how: 'How is this computed?',
    method:
      'Energy = the measured processing time of each analysis × %{watts} W per busy core (an assumption: the power of a current server under load, shared by its cores) × PUE %{pue} (the data centre’s overhead). CO2 = energy × %{factor} kg CO2 per kWh (French energy mix). Counted since 24 April 2025. Not counted: idle servers, storage over time, networks, your devices and the making of the hardware.',
  },
  series: {
    title: 'Analyses over time',
    week: 'Week of %{date}',
    bar: '%{bucket}: %{smart_count} analysis |||| %{bucket}: %{smart_count} analyses',
    total: 'In the period',
  },
  projects: {
    title: 'Per project and environment',
    name: 'Project / environment',
    show: 'Show the environments of %{name}',
    hide: 'Hide the environments of %{name}',
    noEnvironments: 'No environment',
    empty: 'No project in this organisation.',
  },
};
