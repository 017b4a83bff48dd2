import { isIPv6 } from 'node:net';
import { Code } from '../../contract/codes';
import { MAX_FILE_BYTES, SupplierStatus } from '../../contract/limits';
import type { MessageKey } from '../../contract/messages';
import type { Queryable } from '../db/db';
import { takeAttempt } from '../db/attempt-repo';
import { unclaimedBytes } from '../db/file-repo';
import { adjustQuota, quotaDay, quotaUsage, takeQuota } from '../db/quota-repo';
import { openTusUploads } from '../db/tus-repo';
import { ApiError } from '../http/api-error';
import type { Session } from '../http/context';

/**
 * Limits on the writes anyone can make without a token (registration, /file/upload, tus
 * creation), so that nobody fills the disk or the supplier table. Counted per client address
 * and UTC day in the database (`quota_usage`), so every instance sees the same counts.
 */
export interface Quotas {
  /** Registrations (/supplier/save) per address and day. */
  registrationsPerAddress: number;
  /** Anonymous uploads per address and day: /file/upload and tus creations together, in files... */
  uploadsPerAddress: number;
  /** ...and in bytes (stored sizes; a tus creation counts the length it declares). */
  uploadBytesPerAddress: number;
  /** A logged-in supplier's uploads per day, counted against the supplier, not its address. */
  uploadsPerSupplier: number;
  uploadBytesPerSupplier: number;
  /** The same for a supplier still registering (A101): its licence and registration documents. */
  uploadsPerRegistering: number;
  uploadBytesPerRegistering: number;
  /** Anonymous uploads an address may start in a minute (/file/upload and tus creations). */
  uploadStartsPerMinute: number;
  /** Anonymous tus uploads an address may have under way at once. */
  openUploadsPerAddress: number;
  /** An unfinished anonymous tus upload that received nothing for this long holds no space, and housekeeping removes it. */
  stalledUploadMs: number;
  /** Beyond this total of unclaimed uploads (no record references them yet) anonymous uploads are refused... */
  unclaimedBytes: number;
  /** ...and beyond this share of it held by one address... */
  unclaimedBytesPerAddress: number;
  /** ...except for an address that holds none, which may go this far past the total (a newcomer registering). */
  newcomerHeadroomBytes: number;
  /** Housekeeping deletes unclaimed uploads and unfinished tus uploads older than this. */
  unclaimedTtlMs: number;
}

const GiB = 1024 ** 3;

/**
 * A supplier registering uploads its licence and some attachments (up to 20 files of up to
 * 50 MB); an office behind one address may register a few companies and retry failed uploads.
 * A logged-in supplier is known and answerable: its bid documents may be large and many; one
 * still registering (A101, which anyone can become) uploads only its registration documents.
 * Anonymous uploads start at most 30 a minute per address, with 10 tus uploads under way at
 * once, and one address holds at most 512 MiB of the 4 GiB unclaimed uploads share: a
 * registration needs a few files, a hoarder needs eight addresses sending real bytes to fill the
 * space, and even then an address holding nothing gets 1 GiB more (twenty 50 MB licences).
 */
export const DEFAULT_QUOTAS: Quotas = {
  registrationsPerAddress: 20,
  uploadsPerAddress: 200,
  uploadBytesPerAddress: 2 * GiB,
  uploadsPerSupplier: 2000,
  uploadBytesPerSupplier: 20 * GiB,
  uploadsPerRegistering: 100,
  uploadBytesPerRegistering: 1 * GiB,
  uploadStartsPerMinute: 30,
  openUploadsPerAddress: 10,
  stalledUploadMs: 3600_000,
  unclaimedBytes: 4 * GiB,
  unclaimedBytesPerAddress: GiB / 2,
  newcomerHeadroomBytes: GiB,
  unclaimedTtlMs: 24 * 3600_000,
};

/**
 * The key of an address: IPv4 as it is, IPv6 by its /64 (one customer's network, inside which
 * addresses are free to choose), so that rotating addresses does not give a fresh quota.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const refuse = (key: MessageKey) => new ApiError(Code.tooManyAttempts, key);

/** Who an upload is counted against. */
interface Counter {
  scope: 'upload-address' | 'upload-supplier';
  key: string;
  anonymous: boolean;
}

const counterOf = (session: Session | null, ip: string): Counter =>
  session
    ? { scope: 'upload-supplier', key: session.supplierId, anonymous: false }
    : { scope: 'upload-address', key: addressKey(ip), anonymous: true };

/** The daily limits of a caller: an address, a supplier still registering (A101), another supplier. */
function dailyLimit(quotas: Quotas, session: Session | null): { count: number; bytes: number } {
  if (!session) return { count: quotas.uploadsPerAddress, bytes: quotas.uploadBytesPerAddress };
  if (session.status === SupplierStatus.A101) return { count: quotas.uploadsPerRegistering, bytes: quotas.uploadBytesPerRegistering };
  return { count: quotas.uploadsPerSupplier, bytes: quotas.uploadBytesPerSupplier };
}

/** Unfinished anonymous uploads count as holding space while active since this. */
export const activeSince = (quotas: Quotas, now: Date) => new Date(now.getTime() - quotas.stalledUploadMs);

/** Bytes taken from a day's quota, to be settled to the real size or given back. */
export interface Reservation {
  scope: string;
  key: string;
  day: string;
  bytes: number;
}

/**
 * Takes one upload of (at most) `bytes` from the caller's quota of the day, or refuses it (E429)
 * when the quota is spent or, for an anonymous caller, when the address starts uploads too fast
 * or the unclaimed uploads already fill their cap. A deferred or unknown size counts as the
 * largest file.
 */
export async function reserveUpload(
  db: Queryable,
  quotas: Quotas,
  now: Date,
  session: Session | null,
  ip: string,
  bytes = MAX_FILE_BYTES,
): Promise<Reservation> {
  const counter = counterOf(session, ip);
  if (counter.anonymous) {
    if ((await takeAttempt(db, 'upload-start', counter.key, 60_000, now)) > quotas.uploadStartsPerMinute) throw refuse('uploadsTooFast');
    const held = await unclaimedBytes(db, activeSince(quotas, now), counter.key);
    if (held.mine + bytes > quotas.unclaimedBytesPerAddress) throw refuse('uploadShareFull');
    // Filling the space takes many addresses; a newcomer still gets in, into a headroom kept for it.
    if (held.total + bytes > quotas.unclaimedBytes + (held.mine === 0 ? quotas.newcomerHeadroomBytes : 0)) throw refuse('uploadSpaceFull');
  }
  const day = quotaDay(now);
  if (!(await takeQuota(db, counter.scope, counter.key, day, bytes, dailyLimit(quotas, session)))) throw refuse('uploadQuota');
  return { scope: counter.scope, key: counter.key, day, bytes };
}

/**
 * A tus creation: an address (no token) first needs room among the uploads it has under way
 * (`uploadsOpen`), then the upload is reserved as any other. Answers the address key it is
 * counted under (null for a supplier's own upload).
 */
export async function reserveTusUpload(
  db: Queryable,
  quotas: Quotas,
  now: Date,
  session: Session | null,
  ip: string,
  bytes: number,
): Promise<string | null> {
  const address = session ? null : addressKey(ip);
  if (address !== null && (await openTusUploads(db, address, activeSince(quotas, now))) >= quotas.openUploadsPerAddress)
    throw refuse('uploadsOpen');
  await reserveUpload(db, quotas, now, session, ip, bytes);
  return address;
}

/** The upload is stored with `size` bytes: the reservation counts that instead of its estimate. */
export async function settleUpload(db: Queryable, r: Reservation, size: number): Promise<void> {
  if (size !== r.bytes) await adjustQuota(db, r.scope, r.key, r.day, 0, size - r.bytes);
}

/** The upload failed: nothing of it counts. */
export async function releaseUpload(db: Queryable, r: Reservation): Promise<void> {
  await adjustQuota(db, r.scope, r.key, r.day, -1, -r.bytes);
}

const REGISTRATION = 'registration-address';

/** A cheap look before the work of a registration (hashing the password): refuses a spent quota. */
export async function checkRegistrationQuota(db: Queryable, quotas: Quotas, now: Date, ip: string): Promise<void> {
  const used = await quotaUsage(db, REGISTRATION, addressKey(ip), quotaDay(now));
  if (used.count >= quotas.registrationsPerAddress) throw refuse('registrationQuota');
}

/**
 * Counts a registration against its address, in the registration's transaction: one that fails
 * (a name already taken) rolls its count back, so only registrations made count.
 */
export async function takeRegistrationQuota(db: Queryable, quotas: Quotas, now: Date, ip: string): Promise<void> {
  const taken = await takeQuota(db, REGISTRATION, addressKey(ip), quotaDay(now), 0, {
    count: quotas.registrationsPerAddress,
    bytes: Number.MAX_SAFE_INTEGER,
  });
  if (!taken) throw refuse('registrationQuota');
}
