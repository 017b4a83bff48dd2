import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib.mjs';
import { ensureSecretFile } from './secret-file';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'secret-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a secret file of the data folder', () => {
  it('is made once, readable by the service account only, and kept as it is afterwards', () => {
    const file = join(dir, 'operator.secret');
    const secret = ensureSecretFile(file);
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureSecretFile(file)).toBe(secret);
    writeFileSync(join(dir, 'given.secret'), 'one the operator wrote\n', { mode: 0o644 });
    expect(ensureSecretFile(join(dir, 'given.secret'))).toBe('one the operator wrote');
    expect(statSync(join(dir, 'given.secret')).mode & 0o777).toBe(0o600);
  });

  it('is the same for instances starting together on a fresh folder, and no draft is left', async () => {
    const file = join(dir, 'pass.secret');
    const script = `import { ensureSecretFile } from './server/security/secret-file.ts'; process.stdout.write(ensureSecretFile(${JSON.stringify(file)}));`;
    const secrets = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root }).then((r) => r.stdout),
      ),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[\w-]{43}$/);
    expect(readdirSync(dir).filter((name) => name.startsWith('pass.secret'))).toEqual(['pass.secret']);
  });
});
