import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/** A retired key's file name in `retired/`. */
export const RETIRED_KEY_RE = /^[\w-]{1,100}\.pem$/;

/** The key files of a `receipt-keys` folder, as paths under it: `signing.pem` (unless `signing` is false), then the retired ones. */
export function receiptKeyFiles(dir: string, { signing }: { signing: boolean }): string[] {
  const retiredDir = join(dir, 'retired');
  const retired = existsSync(retiredDir) ? readdirSync(retiredDir).filter((name) => RETIRED_KEY_RE.test(name)) : [];
  return [...(signing && existsSync(join(dir, 'signing.pem')) ? ['signing.pem'] : []), ...retired.sort().map((name) => `retired/${name}`)];
}

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
  for (const name of receiptKeyFiles(dir, { signing: false })) {
    const key = ed25519(createPublicKey(readFileSync(join(dir, name), 'utf8')), join(dir, name));
    const jwk = await publicJwk(key, 'retired');
    if (verifying.has(jwk.kid)) continue;
    verifying.set(jwk.kid, key);
    keys.push(jwk);
  }
  return { signing: { key: signingKey, kid: current.kid }, verifying, keySet: { keys } };
}

export interface Rotation {
  /** The kid of the key that signed until now: its public half is kept, and its receipts still check. */
  retired: string;
  /** The kid of the key that signs from the next start. */
  current: string;
  /** With RECEIPT_KEY: the new key (PKCS #8 PEM), for the operator to give every instance; never written to the folder. */
  receiptKey?: string;
}

/**
 * Retires the signing key and makes a new one (`npm run cli -- rotate-receipt-key`): the old
 * key's public half goes to `retired/<kid>.pem`, so the receipts it signed still check, and the
 * new key is written in its place (or, with RECEIPT_KEY, answered for the operator to set).
 * Running instances go on signing with the old key until they restart.
 */
export async function rotateReceiptKey(dataDir: string, fromEnv?: string): Promise<Rotation> {
  const { signing } = await loadReceiptKeys(dataDir, fromEnv);
  const dir = receiptKeyDir(dataDir);
  mkdirSync(join(dir, 'retired'), { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'retired', `${signing.kid}.pem`), createPublicKey(signing.key).export({ type: 'spki', format: 'pem' }));
  const pem = newSigningKeyPem();
  const { kid: current } = await publicJwk(createPublicKey(pem), 'current');
  if (fromEnv) return { retired: signing.kid, current, receiptKey: pem };
  // Written whole beside it, then renamed over it: a reader sees the old key or the new, never half.
  const next = join(dir, 'signing.pem.next');
  writeFileSync(next, pem, { mode: 0o600 });
  renameSync(next, join(dir, 'signing.pem'));
  return { retired: signing.kid, current };
}
