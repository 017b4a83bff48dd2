// Types of the helpers of scripts/lib.mjs that TypeScript code (tests/chaos) imports.
export const root: string;
export function freePort(): Promise<number>;
export function waitUntilUp(url: string, seconds?: number): Promise<void>;
export function findChromium(): string | null;
export function startScratchPostgres(): Promise<{ url: string; version: string; stop(): void } | null>;
