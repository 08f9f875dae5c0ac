import type { MailMessage } from '../../platform/mail/mailer';

const texts = {
  pt: {
    subject: 'Código para redefinir sua senha',
    body: 'Use este código para redefinir sua senha. Ele vale por 1 hora e pode ser usado uma vez:',
    ignore: 'Se você não pediu a redefinição, ignore este e-mail.',
  },
  en: {
    subject: 'Your password reset code',
    body: 'Use this code to reset your password. It is valid for 1 hour and can be used once:',
    ignore: 'If you did not ask for a reset, ignore this e-mail.',
  },
  es: {
    subject: 'Código para restablecer su contraseña',
    body: 'Use este código para restablecer su contraseña. Vale por 1 hora y se puede usar una vez:',
    ignore: 'Si no pidió el restablecimiento, ignore este correo.',
  },
} as const;

const isLanguage = (value: string | null): value is keyof typeof texts => value !== null && value in texts;

/** The reset e-mail in the user's language (Portuguese by default); the code stands on its own line. */
export function resetCodeMail(
  account: { email: string; companyId: number; language: string | null },
  code: string,
): MailMessage {
  const t = texts[isLanguage(account.language) ? account.language : 'pt'];
  return {
    to: account.email,
    companyId: account.companyId,
    subject: t.subject,
    text: `${t.body}\n\n    ${code}\n\n${t.ignore}\n`,
    sensitive: true,
  };
}
