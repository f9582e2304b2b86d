/** Mails the platform sends, in the recipient's language (French by default, as the console). */
export type MailLocale = 'fr' | 'en';

export const pickLocale = (acceptLanguage: string | undefined): MailLocale =>
  /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'fr';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Every mail has the same form: what happened, the link, how long it lasts, what to do if unexpected. */
const mailOf = (t: { subject: string; intro: string; validity: string; ignore: string }, link: string) => ({
  subject: t.subject,
  text: `${t.intro}\n\n${link}\n\n${t.validity}\n${t.ignore}\n`,
  html: `<p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(t.validity)}<br>${escapeHtml(t.ignore)}</p>`,
});

export const passwordResetMail = (locale: MailLocale, link: string, validMinutes: number) => {
  const t =
    locale === 'en'
      ? {
          subject: 'Reset your password',
          intro:
            'Someone asked to reset the password of your account. To choose a new password, open this link:',
          validity: `The link can be used once and expires in ${validMinutes} minutes.`,
          ignore: 'If you did not ask for it, ignore this mail: your password stays as it is.',
        }
      : {
          subject: 'Réinitialisation de votre mot de passe',
          intro:
            'Une demande de réinitialisation du mot de passe de votre compte a été faite. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
          validity: `Le lien ne sert qu'une fois et expire dans ${validMinutes} minutes.`,
          ignore:
            "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
        };
  return mailOf(t, link);
};

/** An organisation administrator created the account: the link sets its first password. */
export const accountCreatedMail = (
  locale: MailLocale,
  {
    link,
    organisationName,
    username,
    validDays,
  }: { link: string; organisationName: string; username: string; validDays: number },
) =>
  mailOf(
    locale === 'en'
      ? {
          subject: `Your account for ${organisationName} was created`,
          intro: `An account with the username ${username} was created for you in the organisation ${organisationName}. To choose your password, open this link:`,
          validity: `The link can be used once and expires in ${validDays} days.`,
          ignore:
            'If you did not expect this account, ignore this mail: nobody can sign in to it without that link.',
        }
      : {
          subject: `Votre compte pour ${organisationName} a été créé`,
          intro: `Un compte d'identifiant ${username} a été créé pour vous dans l'organisation ${organisationName}. Pour choisir votre mot de passe, ouvrez ce lien :`,
          validity: `Le lien ne sert qu'une fois et expire dans ${validDays} jours.`,
          ignore:
            "Si vous n'attendiez pas ce compte, ignorez ce message : personne ne peut s'y connecter sans ce lien.",
        },
    link,
  );

/** An invitation to join an organisation: the link accepts it (or declines it). */
export const invitationMail = (
  locale: MailLocale,
  {
    link,
    organisationName,
    inviter,
    validDays,
  }: { link: string; organisationName: string; inviter: string; validDays: number },
) =>
  mailOf(
    locale === 'en'
      ? {
          subject: `Invitation to join ${organisationName}`,
          intro: `${inviter} invites you to join the organisation ${organisationName}. To accept or decline, open this link:`,
          validity: `The invitation expires in ${validDays} days.`,
          ignore: 'If you do not know this organisation, ignore this mail.',
        }
      : {
          subject: `Invitation à rejoindre ${organisationName}`,
          intro: `${inviter} vous invite à rejoindre l'organisation ${organisationName}. Pour accepter ou refuser, ouvrez ce lien :`,
          validity: `L'invitation expire dans ${validDays} jours.`,
          ignore: 'Si vous ne connaissez pas cette organisation, ignorez ce message.',
        },
    link,
  );

/** A webhook kept failing and was deactivated: what, where, and the link to set it right. */
export const webhookDeactivatedMail = (
  locale: MailLocale,
  {
    url,
    environmentName,
    hours,
    link,
  }: { url: string; environmentName: string; hours: number; link: string },
) => {
  const t =
    locale === 'en'
      ? {
          subject: `Webhook deactivated in ${environmentName}`,
          intro: `Every delivery to the webhook ${url} of the environment ${environmentName} failed for ${hours} hours, so it was deactivated: analyses are no longer sent to it. Its delivery log says why; once the receiver is fixed, activate the webhook again and replay the failed deliveries:`,
          validity: 'Deliveries made while it was failing are kept in the log and can be replayed.',
          ignore: 'You get this mail because you created this webhook.',
        }
      : {
          subject: `Webhook désactivé dans ${environmentName}`,
          intro: `Toutes les livraisons au webhook ${url} de l'environnement ${environmentName} ont échoué pendant ${hours} heures : il a donc été désactivé et les analyses ne lui sont plus envoyées. Son journal des livraisons en donne la raison ; une fois le destinataire réparé, réactivez le webhook et relancez les livraisons échouées :`,
          validity:
            'Les livraisons faites pendant les échecs restent dans le journal et peuvent être relancées.',
          ignore: 'Vous recevez ce message parce que vous avez créé ce webhook.',
        };
  return mailOf(t, link);
};

/** A mail connector kept failing: which, since when, why, and the link to its page. */
export const connectorFailingMail = (
  locale: MailLocale,
  {
    name,
    environmentName,
    reason,
    link,
  }: { name: string; environmentName: string; reason: string; link: string },
) => {
  const t =
    locale === 'en'
      ? {
          subject: `Mail connector failing in ${environmentName}`,
          intro: `The mail connector ${name} of the environment ${environmentName} has been failing since its last successful run, so no new mail is analysed. The server said: ${reason}. Its page shows its health and its runs; once the mailbox or its settings are fixed, run a healthcheck:`,
          validity: 'Nothing is lost meanwhile: the next successful run brings in the mail received since.',
          ignore: 'You get this mail because you created this connector.',
        }
      : {
          subject: `Connecteur de messagerie en échec dans ${environmentName}`,
          intro: `Le connecteur de messagerie ${name} de l'environnement ${environmentName} échoue depuis sa dernière exécution réussie : les nouveaux messages ne sont plus analysés. Le serveur a répondu : ${reason}. Sa page montre son état de santé et ses exécutions ; une fois la boîte aux lettres ou ses réglages corrigés, lancez une vérification :`,
          validity:
            'Rien n’est perdu entre-temps : la prochaine exécution réussie récupère les messages reçus depuis.',
          ignore: 'Vous recevez ce message parce que vous avez créé ce connecteur.',
        };
  return mailOf(t, link);
};

const PERIOD_WORDS: Record<MailLocale, Record<string, string>> = {
  en: { hour: 'this hour', day: 'today', week: 'this week', month: 'this month', quarter: 'this quarter' },
  fr: {
    hour: 'cette heure-ci',
    day: "aujourd'hui",
    week: 'cette semaine',
    month: 'ce mois-ci',
    quarter: 'ce trimestre',
  },
};

const STATUS_WORDS: Record<MailLocale, Record<string, string>> = {
  en: {
    waiting: 'waiting',
    pending: 'in progress',
    processed: 'processed',
    error: 'in error',
    aborted: 'aborted',
  },
  fr: {
    waiting: 'en attente',
    pending: 'en cours',
    processed: 'traitée',
    error: 'en erreur',
    aborted: 'interrompue',
  },
};

/** Names listed in a timeout alert's mail; the link opens them all. */
export const ALERT_MAIL_NAMES = 20;

/**
 * A timeout alert fired: these analyses of the environment are still unfinished `minutes` after
 * their creation. The link opens the environment's unfinished analyses created before the cut-off.
 */
export const timeoutAlertMail = (
  locale: MailLocale,
  {
    environmentName,
    minutes,
    names,
    count,
    link,
  }: { environmentName: string; minutes: number; names: string[]; count: number; link: string },
) => {
  const more = count - names.length;
  const listed = names.map((n) => `- ${n}`).join('\n') + (more > 0 ? `\n- … (+${more})` : '');
  const one = count === 1;
  const t =
    locale === 'en'
      ? {
          subject: `Alert: ${count} ${one ? 'analysis' : 'analyses'} unfinished for over ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} in ${environmentName}`,
          intro: `${count} ${one ? 'analysis' : 'analyses'} of the environment ${environmentName} ${one ? 'is' : 'are'} still unfinished more than ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} after ${one ? 'its' : 'their'} creation:\n${listed}\n\nOpen ${one ? 'it' : 'them'} in the console:`,
          validity: 'Each late analysis is reported once.',
          ignore: 'You get this mail because an alert of this environment names your address.',
        }
      : {
          subject: `Alerte : ${count} ${one ? 'analyse non terminée' : 'analyses non terminées'} depuis plus de ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} dans ${environmentName}`,
          intro: `${count} ${one ? "analyse de l'environnement" : "analyses de l'environnement"} ${environmentName} ${one ? "n'est toujours pas terminée" : 'ne sont toujours pas terminées'} plus de ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} après ${one ? 'sa' : 'leur'} création :\n${listed}\n\n${one ? 'Ouvrez-la' : 'Ouvrez-les'} dans la console :`,
          validity: 'Chaque analyse en retard n’est signalée qu’une fois.',
          ignore: 'Vous recevez ce message parce qu’une alerte de cet environnement indique votre adresse.',
        };
  return mailOf(t, link);
};

/**
 * A threshold alert fired: more than `threshold` analyses (of a status, of a category) were created
 * in the current period. The link opens them.
 */
export const thresholdAlertMail = (
  locale: MailLocale,
  {
    environmentName,
    threshold,
    count,
    interval,
    status,
    category,
    link,
  }: {
    environmentName: string;
    threshold: number;
    count: number;
    interval: string;
    status: string | null;
    category: string | null;
    link: string;
  },
) => {
  const period = PERIOD_WORDS[locale][interval] ?? interval;
  const statusWord = status ? (STATUS_WORDS[locale][status] ?? status) : null;
  const one = count === 1;
  const t =
    locale === 'en'
      ? {
          subject: `Alert: over ${threshold} analyses ${period} in ${environmentName}`,
          intro: `${count} ${one ? 'analysis' : 'analyses'}${statusWord ? ` with the status “${statusWord}”` : ''}${category ? ` of the category ${category}` : ''} ${one ? 'was' : 'were'} created ${period} in the environment ${environmentName}: more than the alert's ${threshold}. Open them in the console:`,
          validity:
            'The alert tells you once per period (times in UTC); it tells you again if the count falls back and then crosses again.',
          ignore: 'You get this mail because an alert of this environment names your address.',
        }
      : {
          subject: `Alerte : plus de ${threshold} analyses ${period} dans ${environmentName}`,
          intro: `${count} ${one ? 'analyse' : 'analyses'}${statusWord ? ` au statut « ${statusWord} »` : ''}${category ? ` de la catégorie ${category}` : ''} ${one ? 'a été créée' : 'ont été créées'} ${period} dans l'environnement ${environmentName}, soit plus que les ${threshold} de l'alerte. Ouvrez-les dans la console :`,
          validity:
            'L’alerte vous prévient une fois par période (heures UTC), et à nouveau si le nombre repasse sous le seuil puis le franchit encore.',
          ignore: 'Vous recevez ce message parce qu’une alerte de cet environnement indique votre adresse.',
        };
  return mailOf(t, link);
};
