import { randomInt } from 'node:crypto';
import type { ResetPasswordInput } from '@zapdesk/contracts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { resetCodeMail } from './password-reset.mail';
import {
  findAccountByEmail,
  lockLiveResetCode,
  markResetUsed,
  recordWrongTry,
  replaceResetCode,
  storeNewPassword,
} from './password-reset.repository';

// No 0/O or 1/I: the code is read from an e-mail and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RESET_CODE_LENGTH = 8;

export function generateResetCode(): string {
  return Array.from({ length: RESET_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(
    '',
  );
}

/** E-mails a fresh reset code to the user of `email` (404 when there is none); only its hash is kept. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const account = await findAccountByEmail(ctx.scopes, email);
  if (!account) throw new AppError('ERR_NO_USER_FOUND', 'No user with this e-mail', { status: 404 });
  const code = generateResetCode();
  const codeHash = await hashPassword(code);
  await ctx.scopes.tenant(account.companyId).run((tx) => replaceResetCode(tx, account.id, codeHash));
  await ctx.mail.send(resetCodeMail(account, code));
}

const invalidCode = () => new AppError('ERR_INVALID_RESET_TOKEN', 'Invalid or expired code', { status: 400 });

/** Sets a new password with a live, matching code; the code is spent and every session of the user ends. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput): Promise<void> {
  const account = await findAccountByEmail(ctx.scopes, input.email);
  if (!account) throw invalidCode();
  const code = input.token.trim().toUpperCase();
  // The wrong try must be committed, so the transaction answers an outcome instead of throwing.
  const outcome = await ctx.scopes.tenant(account.companyId).run(async (tx) => {
    const reset = await lockLiveResetCode(tx, account.id);
    if (!reset) return 'invalid';
    if (!(await verifyPassword(code, reset.codeHash))) {
      await recordWrongTry(tx, reset.id);
      return 'invalid';
    }
    await markResetUsed(tx, reset.id);
    await storeNewPassword(tx, account.id, await hashPassword(input.newPassword));
    tx.afterCommit(() => {
      ctx.actors.invalidate(account.id);
      ctx.realtime.disconnectUser(account.id);
    });
    return 'reset';
  });
  if (outcome === 'invalid') throw invalidCode();
}
