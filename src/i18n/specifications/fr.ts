/** Messages of the environment's interface specification (spec pipeline §2 "specifications"), French. */
export const specificationsFr = {
  intro:
    'Ce dont le développeur d’un système client a besoin pour brancher ce système sur cet environnement : la clé à envoyer, les appels pour soumettre un message et lire son résultat, les modules qui le produisent et les webhooks qui le livrent.',
  copy: 'Copier',
  copied: 'Commande copiée',
  authentication: {
    title: 'Authentification',
    text: 'Chaque appel de l’API publique porte une clé d’accès de cet environnement dans l’en-tête Authorization : Bearer suivi de la clé. La clé désigne l’environnement ; les commandes ci-dessous la lisent dans la variable KEY.',
    check: 'Vérifier la clé',
    environment: 'Cette vérification répond l’environnement de la clé : ici, l’identifiant %{id}.',
    keys: 'Clés d’accès',
  },
  sending: {
    title: 'Soumettre un message',
    file: 'Un fichier (EML, MSG, PDF, document Office, tableur, image) part en multipart dans le champ file. Un Idempotency-Key déjà utilisé répond la première analyse au lieu d’en créer une seconde.',
    fileLabel: 'Soumettre un fichier',
    text: 'Un texte part avec type=text ; metadata (un objet JSON) accompagne n’importe quelle soumission et revient avec le résultat.',
    textLabel: 'Soumettre un texte',
    answer:
      'La réponse (201) porte l’identifiant de l’analyse (id) : l’analyse est enregistrée et mise en file avant la réponse. Avec ?wait=30, la réponse attend la fin de l’analyse et porte son résultat.',
  },
  reading: {
    title: 'Lire le résultat',
    wait: 'Le statut tient en quelques centaines d’octets ; avec wait (0 à 60 secondes), il répond dès que l’analyse se termine.',
    waitLabel: 'Attendre la fin de l’analyse',
    result: 'Une fois l’analyse terminée, le résultat se lit une fois, en entier.',
    resultLabel: 'Lire le résultat',
  },
  modules: {
    title: 'Ce que le résultat contient',
    text: 'Les modules actifs de cet environnement, dans l’ordre où le pipeline les exécute : chacun ajoute sa partie au résultat.',
  },
  webhooks: {
    title: 'Recevoir les résultats par webhook',
    text: 'Chaque analyse terminée est envoyée en POST aux webhooks actifs de l’environnement, signée avec le secret du webhook : l’en-tête webhook-signature porte le HMAC-SHA256 de l’identifiant de livraison (webhook-id), de l’horodatage (webhook-timestamp) et du corps. Une livraison en échec est retentée ; le journal de chaque webhook garde chaque tentative.',
    link: 'Webhooks',
  },
  reference: {
    title: 'Référence de l’API',
    text: 'Chaque route de l’API, ses paramètres et ses réponses, avec un essai depuis le navigateur.',
    link: 'Ouvrir la référence de l’API',
  },
};
