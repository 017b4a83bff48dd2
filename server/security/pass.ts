import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { ensureSecretFile } from './secret-file';
import { PASS_PREFIX, visitPassClaims, type VisitPassClaims } from '../../contract/schemas/visitor';

/**
 * The door-opening pass (contract/schemas/visitor.ts): `v1.<base64url(claims)>.<base64url(HMAC-SHA256)>`.
 * The MAC covers `v1.<claims part>`, so neither the version nor a byte of the claims can change.
 */
const mac = (secret: Buffer, signed: string) => createHmac('sha256', secret).update(signed).digest();

export function signPass(claims: VisitPassClaims, secret: Buffer): string {
  const body = `${PASS_PREFIX}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The claims of a pass this service signed, or null for anything else (forged, altered, malformed). */
export function readPass(pass: string, secret: Buffer): VisitPassClaims | null {
  const parts = pass.split('.');
  if (parts.length !== 3 || parts[0] !== PASS_PREFIX) return null;
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = mac(secret, `${parts[0]}.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = visitPassClaims.safeParse(JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

export const passSecretFile = (dataDir: string) => join(dataDir, 'pass.secret');

/**
 * The signing secret: PASS_SECRET when set (several instances must share it), else
 * `$DATA_DIR/pass.secret`, created on first start and readable by this account only.
 */
export function loadPassSecret(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('PASS_SECRET must be at least 32 characters');
    return Buffer.from(fromEnv, 'utf8');
  }
  return Buffer.from(ensureSecretFile(passSecretFile(dataDir)), 'utf8');
}
