import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * A secret kept in a file of DATA_DIR (the operator secret, the pass secret, the receipt key),
 * made on the first start by `make` and readable by the service's account only. Written whole under a name of its own and
 * then linked into place, which fails if the file exists: instances starting together on a
 * fresh shared folder end up with one secret, and none reads a half-written one.
 */
export function ensureSecretFile(file: string, make: () => string = () => randomBytes(32).toString('base64url')): string {
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(draft, make(), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (error) {
      // Another instance made it first: theirs is the secret.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}
