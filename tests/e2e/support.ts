import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { creditCodeCheckChar } from '../../contract/rules';

export const dataDir = resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
export const port = Number(process.env.E2E_PORT ?? 4318);

/** Runs the operator CLI against the running bid service (as an operator would). */
export function cli(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'server/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) },
    encoding: 'utf8',
  });
}

/** The last verification code the notifier wrote for an address or phone. */
export function lastCode(to: string): string {
  const file = resolve(dataDir, 'notifications.jsonl');
  if (!existsSync(file)) throw new Error('no notifications yet');
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { to: string; code: string });
  const hit = lines.reverse().find((l) => l.to === to);
  if (!hit) throw new Error(`no code sent to ${to}`);
  return hit.code;
}

/** A unique suffix so tests never collide on usernames, credit codes or phones. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A valid unified social credit code, different each call. */
export function creditCode(): string {
  const first17 = `91440300${Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('')}`;
  return first17 + creditCodeCheckChar(first17);
}

export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => c.name).sort();
}
