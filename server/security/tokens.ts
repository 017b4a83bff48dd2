import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: what the client holds. Only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A 6-digit verification code. */
export const newVerificationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 128 random bits, hex: unguessable names for stored files. */
export const randomName = () => randomBytes(16).toString('hex');
