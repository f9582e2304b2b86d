/** Mails the platform sends, in the recipient's language (French by default, as the console). */
export type MailLocale = 'fr' | 'en';

export const pickLocale = (acceptLanguage: string | undefined): MailLocale =>
  /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'fr';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

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
  return {
    subject: t.subject,
    text: `${t.intro}\n\n${link}\n\n${t.validity}\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(t.validity)}<br>${escapeHtml(t.ignore)}</p>`,
  };
};
