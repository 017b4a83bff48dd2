// Types of server/db/shortest-first.mjs.
export const OVERDUE_MS: number;
export function shapeOf(sql: string, params?: readonly unknown[]): string;
export function shortestFirst(options?: { slots?: number; before?: () => void; overdueMs?: number }): {
  run<T>(shape: string, work: () => Promise<T>): Promise<T>;
  readonly waiting: number;
};
