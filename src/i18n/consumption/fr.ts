/**
 * Messages of the organisation's consumption page (spec platform-shell §2, §9), French; merged into
 * `app.consumption` by ../fr.ts.
 */
export const consumptionFr = {
  intro:
    'Les analyses des projets et environnements de l’organisation, l’usage de son quota annuel et leur empreinte carbone.',
  period: 'Période',
  periods: { contract: 'Année de contrat en cours', custom: 'Dates choisies' },
  from: 'Du',
  to: 'Au',
  bucket: 'Par',
  buckets: { day: 'Jour', week: 'Semaine', month: 'Mois' },
  figures: { analyses: 'Analyses', tokens: 'Jetons', sizeMb: 'Taille (Mo)' },
  tokensNote:
    'Les jetons sont ceux que les appels au LLM des analyses ont consommés (moteur de vision, modèles de réponse LLM), tels que le point d’accès LLM les compte ; un point d’accès qui ne les indique pas en compte 0.',
  quota: {
    title: 'Quota annuel',
    used: '%{used} / %{quota} analyses',
    usedWithoutQuota: '%{used} analyses',
    noQuota: 'Aucun quota annuel défini',
    bar: 'Part du quota utilisée',
    percent: '%{percent} % utilisés',
    remaining: '%{remaining} restantes',
    contractStart: 'Année de contrat depuis le %{date}',
  },
  co2: {
    title: 'Empreinte CO2',
    kg: '%{value} kg CO2',
    kwh: '%{value} kWh',
    since: 'Depuis le %{date}, %{smart_count} analyse |||| Depuis le %{date}, %{smart_count} analyses',
    how: 'Comment est-ce calculé ?',
    method:
      'Énergie = durée de traitement mesurée de chaque analyse × %{watts} W par cœur occupé (hypothèse : la puissance d’un serveur actuel en charge, partagée entre ses cœurs) × PUE %{pue} (les pertes du centre de données). CO2 = énergie × %{factor} kg CO2 par kWh (mix électrique français). Compté depuis le 24 avril 2025. Non compté : les serveurs au repos, le stockage dans la durée, les réseaux, vos appareils et la fabrication du matériel.',
  },
  series: {
    title: 'Analyses dans le temps',
    week: 'Semaine du %{date}',
    bar: '%{bucket} : %{smart_count} analyse |||| %{bucket} : %{smart_count} analyses',
    total: 'Sur la période',
  },
  projects: {
    title: 'Par projet et environnement',
    name: 'Projet / environnement',
    show: 'Afficher les environnements de %{name}',
    hide: 'Masquer les environnements de %{name}',
    noEnvironments: 'Aucun environnement',
    empty: 'Aucun projet dans cette organisation.',
  },
};
