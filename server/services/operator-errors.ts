import type { Tx } from '../db/db';
import type { FileStorage } from '../files/storage';

/** A refusal the operator reads (bad arguments, unknown names): no stack trace. */
export class OperatorError extends Error {}

/** What an operator action runs on: inside the server, or on the data directory by the CLI. */
export interface OperatorContext {
  db: Tx;
  storage: FileStorage;
  now: Date;
  /** The buyer's IANA time zone (TIME_ZONE): times the operator writes without an offset are read in it. */
  timeZone: string;
}
