import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import type { ReceiptKeySet } from '../../contract/schemas/receipt';
import { ensureSecretFile } from './secret-file';

/**
 * The keys receipts are signed and checked with (docs/decisions/receipts.md): one Ed25519 key
 * signs, and every key that ever signed still checks. The signing key is RECEIPT_KEY (a PKCS #8
 * PEM, every instance given the same) or else `receipt-keys/signing.pem` in DATA_DIR, made on the
 * first start (instances sharing the folder share it). The public keys of earlier signing keys
 * are kept in `receipt-keys/retired/*.pem` (SPKI PEM), so the receipts they signed still check.
 * Each key is named by its JWK thumbprint (RFC 7638), the `kid` of the receipts it signs.
 */
export interface ReceiptKeyring {
  /** The key receipts are signed with now. */
  signing: { key: KeyObject; kid: string };
  /** Every key a receipt may name, the signing key's public half first. */
  verifying: Map<string, KeyObject>;
  /** The same keys as a JWK Set, for anyone to check receipts with. */
  keySet: ReceiptKeySet;
}

export const receiptKeyDir = (dataDir: string) => join(dataDir, 'receipt-keys');

const newSigningKeyPem = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

function ed25519(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${what} must be an Ed25519 key, not ${key.asymmetricKeyType ?? 'a secret'}`);
  return key;
}

async function publicJwk(key: KeyObject, status: 'current' | 'retired') {
  const { x } = await exportJWK(key);
  const kid = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: x! });
  return { kty: 'OKP' as const, crv: 'Ed25519' as const, x: x!, kid, alg: 'EdDSA' as const, use: 'sig' as const, status };
}

export async function loadReceiptKeys(dataDir: string, fromEnv?: string): Promise<ReceiptKeyring> {
  const dir = receiptKeyDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const pem = fromEnv ?? ensureSecretFile(join(dir, 'signing.pem'), newSigningKeyPem);
  const signingKey = ed25519(createPrivateKey(pem), fromEnv ? 'RECEIPT_KEY' : join(dir, 'signing.pem'));
  const current = await publicJwk(createPublicKey(signingKey), 'current');

  const verifying = new Map<string, KeyObject>([[current.kid, createPublicKey(signingKey)]]);
  const keys = [current];
  const retiredDir = join(dir, 'retired');
  const retired = existsSync(retiredDir) ? readdirSync(retiredDir).filter((name) => name.endsWith('.pem')) : [];
  for (const name of retired.sort()) {
    const key = ed25519(createPublicKey(readFileSync(join(retiredDir, name), 'utf8')), join(retiredDir, name));
    const jwk = await publicJwk(key, 'retired');
    if (verifying.has(jwk.kid)) continue;
    verifying.set(jwk.kid, key);
    keys.push(jwk);
  }
  return { signing: { key: signingKey, kid: current.kid }, verifying, keySet: { keys } };
}
