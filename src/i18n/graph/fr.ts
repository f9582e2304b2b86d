/** Messages of the graph view (spec pipeline §2 `graph`), French; merged into `app.graph` by ../fr.ts. */
export const graphFr = {
  intro:
    'La configuration de l’environnement d’un seul regard : les modules du pipeline dans leur ordre, les serveurs NLU, leurs contextes, les interactions et les archétypes qu’elles lisent, les catégories et leurs règles. Cherchez un élément pour voir son voisinage ; cliquez dessus pour l’ouvrir.',
  search: 'Chercher un élément',
  showAll: 'Tout afficher',
  counts: '%{nodes} éléments, %{edges} liens',
  layingOut: 'Mise en page du graphe…',
  layoutFailed: 'Le graphe n’a pas pu être mis en page. Rechargez la page pour réessayer.',
  minimap: 'Vue d’ensemble du graphe',
  kinds: {
    module: 'Module',
    'nlu-server': 'Serveur',
    'nlu-context': 'Contexte',
    interaction: 'Interaction',
    'interaction-function': 'Fonction',
    archetype: 'Archétype',
    'builtin-archetype': 'Archétype intégré',
    category: 'Catégorie',
    rule: 'Règle',
    'extraction-field': 'Champ extrait',
  },
  marks: {
    missing: 'introuvable',
    unused: 'inutilisé',
    flagged: 'signalée',
    disabled: 'désactivé',
  },
  problems: {
    title: 'Points d’attention',
    none: 'Aucune référence manquante, aucun archétype inutilisé, aucune règle signalée.',
    missing: '%{kind} « %{name} » : nommé dans la configuration, mais introuvable',
    unused: 'Archétype « %{name} » : aucune interaction, aucun archétype ni champ extrait ne l’utilise',
    flagged: {
      disabled:
        'Règle « %{rule} » de « %{category} » : ne peut pas correspondre, l’interaction « %{interaction} » est désactivée',
      missing:
        'Règle « %{rule} » de « %{category} » : ne peut pas correspondre, l’interaction « %{interaction} » n’existe pas',
    },
  },
};
