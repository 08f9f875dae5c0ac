import bcrypt from 'bcrypt';

const COST = 10;

// Native bcrypt hashes in libuv's thread pool, so logins never stall the event loop; the hashes are the
// same $2b$ format as before.
export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, COST);

export const verifyPassword = (plain: string, hash: string): Promise<boolean> => bcrypt.compare(plain, hash);
