/**
 * Messages of an environment's dashboard (spec platform-shell §4, §6, §8, §9), French; merged into
 * `app.dashboard` by ../fr.ts.
 */
export const dashboardFr = {
  intro:
    'Les analyses de l’environnement sur une période : leurs statuts dans le temps, leurs catégories, le taux d’erreur, les temps de traitement et le remplissage des champs extraits. Cliquez sur un statut ou une catégorie pour ouvrir les analyses concernées.',
  disabled: 'Les tableaux de bord ne sont pas disponibles sur ce déploiement',
  period: 'Période',
  periods: { relative: 'Relative', range: 'Dates choisies' },
  last: 'Derniers',
  unit: 'Unité',
  units: { days: 'jours', weeks: 'semaines', months: 'mois', quarters: 'trimestres', years: 'ans' },
  from: 'Du',
  to: 'Au',
  shown: 'Du %{from} au %{to}, par %{bucket}',
  buckets: { day: 'jour', week: 'semaine', month: 'mois' },
  week: 'Semaine du %{date}',
  chartLoading: 'Chargement du graphique…',
  totals: {
    title: 'Vue d’ensemble',
    analyses: 'Analyses',
    errorRate: 'Taux d’erreur',
    none: '—',
  },
  statuses: {
    title: 'Analyses par statut',
    bucket: 'Période',
    total: 'Total',
    open: 'Voir les analyses « %{status} »',
  },
  categories: {
    title: 'Catégories',
    top: 'Catégories les plus fréquentes',
    category: 'Catégorie',
    analyses: 'Analyses',
    empty: 'Aucune catégorie décidée sur la période.',
    open: 'Voir les analyses de la catégorie %{name}',
  },
  durations: {
    title: 'Temps de traitement',
    step: 'Étape',
    whole: 'Analyse entière',
    runs: 'Exécutions',
    p50: 'Médiane',
    p90: '90e centile',
    p95: '95e centile',
    max: 'Maximum',
    empty: 'Aucune analyse terminée sur la période.',
    precision:
      'Exécutions et maximum exacts ; sur les jours résumés (terminés depuis plus d’un jour), centiles à 1 % près.',
  },
  extraction: {
    title: 'Remplissage des champs extraits',
    field: 'Champ',
    filled: 'Analyses remplies',
    rate: 'Taux',
    basis: 'Sur %{smart_count} analyse traitée |||| Sur %{smart_count} analyses traitées',
    empty: 'Aucun champ d’extraction.',
  },
  alerts: {
    open: 'Alertes',
    back: 'Tableau de bord',
    intro:
      'Une alerte prévient par e-mail quand une analyse n’est toujours pas terminée après un délai, ou quand plus d’analyses qu’un seuil sont créées dans l’heure, le jour, la semaine, le mois ou le trimestre en cours. Chaque analyse en retard est signalée une fois ; un seuil, une fois par franchissement. Une alerte activée se désactive avant d’être modifiée.',
    enabled: 'Activée',
    disabled: 'Désactivée',
    oneAlert: 'Déclenchements d’une seule alerte',
    firings: 'Déclenchements',
  },
};
