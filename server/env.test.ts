import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env';

const pemOf = (type: 'ed25519' | 'rsa') =>
  (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ed25519')).privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();
const rsaPem = pemOf('rsa');

const problemOf = (env: Record<string, string>) => {
  try {
    readEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('readEnv', () => {
  it('answers the documented defaults for an empty environment', () => {
    expect(readEnv({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      tokenTtlSeconds: 7200,
      logLevel: 'info',
      logRequests: false,
      staticDir: resolve('dist'),
      passSecret: undefined,
      trustProxy: undefined,
      metricsAllow: ['loopback'],
      requestTimeoutSeconds: 120,
      keepAliveTimeoutSeconds: 5,
      maxConnections: 1000,
      searchConnections: 1,
    });
  });

  it('reads good values', () => {
    const env = readEnv({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/bid',
      DATABASE_URL: 'postgres://bid:secret@db:5432/bid',
      TOKEN_TTL_SECONDS: '3600',
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: '1',
      STATIC_DIR: '',
      PASS_SECRET: 'p'.repeat(32),
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback',
      REQUEST_TIMEOUT_SECONDS: '300',
      KEEP_ALIVE_TIMEOUT_SECONDS: '75',
      MAX_CONNECTIONS: '5000',
      SEARCH_CONNECTIONS: '4',
    });
    expect(env).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/var/lib/bid',
      databaseUrl: 'postgres://bid:secret@db:5432/bid',
      tokenTtlSeconds: 3600,
      logLevel: 'warn',
      logRequests: true,
      staticDir: undefined,
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
      requestTimeoutSeconds: 300,
      keepAliveTimeoutSeconds: 75,
      maxConnections: 5000,
      searchConnections: 4,
    });
  });

  it('seeds demo accounts on the embedded database only, unless SEED_DEMO says otherwise', () => {
    const pg = 'postgres://bid@db.example.com/bid';
    expect(readEnv({}).seedDemo).toBe(true);
    expect(readEnv({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(readEnv({ DATABASE_URL: pg }).seedDemo).toBe(false);
    expect(readEnv({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(readEnv({ DATABASE_URL: pg, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(readEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(readEnv({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(problemOf({ SEED_DEMO: 'yes' })).toMatch(/SEED_DEMO must be 1, true, 0 or false, got "yes"/);
  });

  it('takes an empty value as unset', () => {
    expect(readEnv({ PORT: '', TOKEN_TTL_SECONDS: ' ', LOG_LEVEL: '', TRUST_PROXY: '' })).toMatchObject({
      port: 8080,
      tokenTtlSeconds: 7200,
      logLevel: 'info',
      trustProxy: undefined,
    });
  });

  it('reads TRUST_PROXY as nothing, a hop count or a list', () => {
    expect(readEnv({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
    expect(readEnv({ TRUST_PROXY: '0' }).trustProxy).toBeUndefined();
    expect(readEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readEnv({ TRUST_PROXY: '192.168.1.10' }).trustProxy).toEqual(['192.168.1.10']);
  });

  it('reads METRICS_ALLOW as loopback when unset, off, or a list of addresses, ranges and names', () => {
    expect(readEnv({ METRICS_ALLOW: '' }).metricsAllow).toEqual(['loopback']);
    expect(readEnv({ METRICS_ALLOW: 'off' }).metricsAllow).toBe(false);
    expect(readEnv({ METRICS_ALLOW: ' OFF ' }).metricsAllow).toBe(false);
    expect(readEnv({ METRICS_ALLOW: 'none' }).metricsAllow).toBe(false);
    expect(readEnv({ METRICS_ALLOW: 'loopback, 10.0.0.0/8,192.168.1.20,fd00::/8,uniquelocal' }).metricsAllow).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.20',
      'fd00::/8',
      'uniquelocal',
    ]);
  });

  it('reads the code transports: SMTP_URL with MAIL_FROM, SMS_WEBHOOK_URL with SMS_WEBHOOK_SECRET; none when unset', () => {
    expect(readEnv({})).toMatchObject({ mail: undefined, sms: undefined });
    const env = readEnv({
      SMTP_URL: 'smtps://portal:p%40ss@mail.paper.example:465',
      MAIL_FROM: 'Supplier portal <no-reply@paper.example>',
      SMS_WEBHOOK_URL: 'https://sms.paper.example/send',
      SMS_WEBHOOK_SECRET: '0123456789abcdef',
    });
    expect(env.mail).toEqual({ url: 'smtps://portal:p%40ss@mail.paper.example:465', from: 'Supplier portal <no-reply@paper.example>' });
    expect(env.sms).toEqual({ url: 'https://sms.paper.example/send', secret: '0123456789abcdef' });
    expect(readEnv({ SMTP_URL: 'smtp://mail.local:587', MAIL_FROM: 'codes@paper.example' }).mail).toEqual({
      url: 'smtp://mail.local:587',
      from: 'codes@paper.example',
    });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [
      { SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'not an address' },
      'MAIL_FROM must be an address or "Name <address>", got "not an address"',
    ],
    [{ SMTP_URL: 'smtp://mail.example' }, 'MAIL_FROM must be set when SMTP_URL is'],
    [{ MAIL_FROM: 'a@b.example' }, 'SMTP_URL must be set when MAIL_FROM is'],
    [
      { SMS_WEBHOOK_URL: 'ftp://sms.example', SMS_WEBHOOK_SECRET: '0123456789abcdef' },
      'SMS_WEBHOOK_URL must be an http:// or https:// URL',
    ],
    [{ SMS_WEBHOOK_URL: 'https://sms.example', SMS_WEBHOOK_SECRET: 'short' }, 'SMS_WEBHOOK_SECRET must be at least 16 characters, got 5'],
    [{ SMS_WEBHOOK_URL: 'https://sms.example' }, 'SMS_WEBHOOK_SECRET must be set when SMS_WEBHOOK_URL is'],
    [{ SMS_WEBHOOK_SECRET: '0123456789abcdef' }, 'SMS_WEBHOOK_URL must be set when SMS_WEBHOOK_SECRET is'],
    [
      { METRICS_ALLOW: 'prometheus.local' },
      'METRICS_ALLOW must be off or a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal (e.g. loopback,10.0.0.0/8), got "prometheus.local"',
    ],
    [
      { METRICS_ALLOW: '10.0.0.0/40' },
      'METRICS_ALLOW must be off or a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal (e.g. loopback,10.0.0.0/8), got "10.0.0.0/40"',
    ],
    [{ METRICS_ALLOW: 'loopback,' }, 'got ""'],
    [{ METRICS_ALLOW: 'true' }, 'got "true"'],
    [{ PORT: 'abc' }, 'PORT must be an integer between 1 and 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be an integer between 1 and 65535, got "70000"'],
    [{ PORT: '80.5' }, 'PORT must be an integer between 1 and 65535, got "80.5"'],
    [{ PORT: '-1' }, 'PORT must be an integer between 1 and 65535, got "-1"'],
    [{ HOST: 'not a host' }, 'HOST must be an IP address or a host name, got "not a host"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ TOKEN_TTL_SECONDS: '0' }, 'TOKEN_TTL_SECONDS must be an integer between 1 and 2592000, got "0"'],
    [{ TOKEN_TTL_SECONDS: '2h' }, 'TOKEN_TTL_SECONDS must be an integer between 1 and 2592000, got "2h"'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"'],
    [{ LOG_REQUESTS: 'yes' }, 'LOG_REQUESTS must be 1, true, 0 or false, got "yes"'],
    [{ PASS_SECRET: 'short' }, 'PASS_SECRET must be at least 32 characters, got 5'],
    [{ RECEIPT_KEY: 'not a key' }, 'RECEIPT_KEY must be an Ed25519 private key in PKCS #8 PEM (-----BEGIN PRIVATE KEY-----)'],
    [{ RECEIPT_KEY: rsaPem }, 'RECEIPT_KEY must be an Ed25519 key, got a rsa key'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be a hop count or a comma-separated list of addresses and CIDR ranges'],
    [
      { TRUST_PROXY: '10.0.0.0/33' },
      'TRUST_PROXY must be a hop count or a comma-separated list of addresses and CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8), got "10.0.0.0/33"',
    ],
    [{ TRUST_PROXY: '127.0.0.1,proxy.local' }, 'got "proxy.local"'],
    [{ REQUEST_TIMEOUT_SECONDS: '1' }, 'REQUEST_TIMEOUT_SECONDS must be an integer between 10 and 3600, got "1"'],
    [{ KEEP_ALIVE_TIMEOUT_SECONDS: 'x' }, 'KEEP_ALIVE_TIMEOUT_SECONDS must be an integer between 1 and 600, got "x"'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS must be an integer between 1 and 1000000, got "0"'],
    [{ SEARCH_CONNECTIONS: '0' }, 'SEARCH_CONNECTIONS must be an integer between 1 and 100, got "0"'],
  ])('refuses %j, naming the variable and the problem', (env, message) => {
    expect(problemOf(env)).toContain(message);
  });

  it('names every bad variable at once', () => {
    const message = problemOf({ PORT: 'abc', LOG_LEVEL: 'loud', TRUST_PROXY: 'true' });
    expect(message.split('\n')).toEqual([
      'Invalid environment:',
      '  PORT must be an integer between 1 and 65535, got "abc"',
      '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      expect.stringMatching(/^ {2}TRUST_PROXY must be/),
    ]);
  });
});

describe('the server with a bad environment', () => {
  it('prints the problem and exits 1 without starting', { timeout: 120_000 }, async () => {
    const result = await promisify(execFile)('npx', ['tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'abc', DATA_DIR: '/nonexistent/never-created' },
      timeout: 100_000,
    }).then(
      () => ({ code: 0, err: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, err: e.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.err).toContain('Invalid environment:\n  PORT must be an integer between 1 and 65535, got "abc"');
    expect(result.err).not.toContain('    at ');
  });
});

describe('the start line', () => {
  it('says when the database holds no demo accounts (SEED_DEMO=0 on a fresh embedded database)', { timeout: 180_000 }, async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'bid-banner-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        STATIC_DIR: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      // Not on a terminal: the start is a JSON line (the readable banner is for a terminal only).
      let out = '';
      const started = await new Promise<{ demoAccounts: string[]; bidService: string }>((done, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n').find((l) => l.includes('"msg":"bid service started"'));
          if (line) done(JSON.parse(line) as { demoAccounts: string[]; bidService: string });
        });
        child.once('exit', (code) => fail(new Error(`exited with ${code}: ${out}`)));
      });
      expect(started.demoAccounts).toEqual([]);
      expect(started.bidService).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bid-web\/bid-service$/);
      expect(out).not.toContain('Demo accounts');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('RECEIPT_KEY', () => {
  it('takes an Ed25519 key in PKCS #8 PEM, also written on one line with \\n for its line breaks', () => {
    const pem = pemOf('ed25519').trim();
    expect(readEnv({ RECEIPT_KEY: pem }).receiptKey).toBe(pem);
    expect(readEnv({ RECEIPT_KEY: pem.replaceAll('\n', '\\n') }).receiptKey).toBe(pem);
    expect(readEnv({ RECEIPT_KEY: '' }).receiptKey).toBeUndefined();
  });
});
