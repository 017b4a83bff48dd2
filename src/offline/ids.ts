/**
 * Ids of outbox entries and uploads, and idempotency keys. Random (not sequential) so two
 * tabs or two devices never mint the same one; the bid service accepts 8–128 word characters.
 */
export const newId = (): string => crypto.randomUUID();

/** One key per intended write: every retry of the same body reuses it, an edited body gets a new one. */
export const newIdempotencyKey = (): string => crypto.randomUUID();
