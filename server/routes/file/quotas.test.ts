import { describe, expect, it } from 'vitest';
import { BASE_PATH, TUS_PATH } from '../../../contract/http';
import { unclaimedBytes } from '../../db/file-repo';
import { demoCreditCode } from '../../seed/suppliers';
import { activeSince, type Quotas } from '../../services/quotas';
import { housekeeping } from '../../services/housekeeping';
import { build, multipart, newSupplier, registration } from '../../test/helper';
import { tusStore } from './tus';

// Small quotas: a few files and a few kilobytes per address and day.
const t = await build({
  quotas: {
    registrationsPerAddress: 2,
    uploadsPerAddress: 3,
    uploadBytesPerAddress: 10_000,
    uploadsPerSupplier: 5,
    uploadBytesPerSupplier: 1_000_000,
  },
});
const TUS = `${BASE_PATH}${TUS_PATH}`;

/** A PDF by its first bytes (a licence must be one), `bytes` long. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 1)]);

async function upload(ip: string, bytes = 100, token?: string) {
  const form = multipart('licence.pdf', pdfOf(bytes));
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE_PATH}/file/upload`,
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': 'en', ...(token ? { 'x-access-token': token } : {}) },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { code: string; message: string; data: { filename: string } | null };
  const file = body.code === 'E000' ? (JSON.parse(body.data!.filename) as { name: string; fileUrl: string; path: string }) : null;
  return { ...body, reason: res.headers['x-reason'], file: file && { name: file.name, url: file.fileUrl, path: file.path } };
}

const createTus = (ip: string, length: number, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: TUS,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'accept-language': 'en',
      ...(token ? { 'x-access-token': token } : {}),
    },
    remoteAddress: ip,
  });

const UPLOAD_QUOTA = 'The upload limit for today (number of files or total size) has been reached, please try again tomorrow';
const DAY_MS = 24 * 3600_000;

describe('anonymous registration quota', () => {
  it('refuses the registrations of an address past its daily quota with E429 and writes nothing; other addresses and the next day go on', async () => {
    // Each registration claims its own licence, uploaded from elsewhere.
    let n = 0;
    const license = async () => (await upload(`10.1.0.${++n}`)).file!;
    const ip = '10.0.0.1';
    // A refused registration (a taken name) does not count.
    expect((await t.post('/supplier/save', registration(0, await license(), { username: 'demo_a104' }), { ip })).code).toBe('E409');
    expect((await t.post('/supplier/save', registration(0, await license()), { ip })).code).toBe('E000');
    expect((await t.post('/supplier/save', registration(1, await license()), { ip })).code).toBe('E000');
    const suppliers = await t.count('suppliers');
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE_PATH}/supplier/save`,
      payload: registration(2, await license()),
      headers: { 'accept-language': 'en' },
      remoteAddress: ip,
    });
    expect(res.json()).toEqual({
      code: 'E429',
      message: 'Too many accounts were registered from your network today, please try again tomorrow',
      data: null,
    });
    expect(res.headers['x-reason']).toBe('registrationQuota');
    expect(await t.count('suppliers')).toBe(suppliers);
    // The message comes in the request language.
    expect((await t.post('/supplier/save', registration(2, await license()), { ip, lang: 'zh-CN' })).message).toBe(
      '今天从您所在网络注册的账号已达上限，请明天再试',
    );
    // Other addresses of the same IPv6 /64 are the same network.
    expect((await t.post('/supplier/save', registration(2, await license()), { ip: '2001:db8:1:2::1' })).code).toBe('E000');
    expect((await t.post('/supplier/save', registration(3, await license()), { ip: '2001:db8:1:2::1' })).code).toBe('E000');
    expect((await t.post('/supplier/save', registration(5, await license()), { ip: '2001:db8:1:2:ffff::9' })).code).toBe('E429');
    // The next day the first address may register again.
    t.clock.now = new Date(t.clock.now.getTime() + DAY_MS);
    const next = await t.post('/supplier/save', registration(4, await license(), { creditCode: demoCreditCode('440300', 'MA5FT0005') }), {
      ip,
    });
    expect(next.code).toBe('E000');
  });
});

describe('anonymous upload quota', () => {
  it('refuses /file/upload past the files of an address per day, with the message, storing nothing', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 3; i++) expect((await upload(ip)).code).toBe('E000');
    const files = await t.count('files');
    const refused = await upload(ip);
    expect(refused).toMatchObject({ code: 'E429', message: UPLOAD_QUOTA, data: null, reason: 'uploadQuota' });
    expect(await t.count('files')).toBe(files);
    // Another address is not affected.
    expect((await upload('10.0.1.2')).code).toBe('E000');
  });

  it('counts the bytes: an upload that would pass the bytes of the day is refused, a smaller one still fits', async () => {
    const ip = '10.0.2.1';
    expect((await upload(ip, 6000)).code).toBe('E000');
    expect((await upload(ip, 6000)).code).toBe('E429');
    expect((await upload(ip, 3000)).code).toBe('E000');
  });

  it('counts a failed upload not at all', async () => {
    const ip = '10.0.3.1';
    const form = multipart('a.txt', Buffer.from('x'), 'other');
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE_PATH}/file/upload`,
        payload: form.payload,
        headers: form.headers,
        remoteAddress: ip,
      });
      expect(res.json()).toMatchObject({ code: 'E400' });
    }
    expect((await upload(ip)).code).toBe('E000');
  });

  it('counts tus creations with /file/upload, by the length they declare, and refuses with 429 and the envelope', async () => {
    const ip = '10.0.4.1';
    expect((await upload(ip)).code).toBe('E000');
    expect((await createTus(ip, 100)).statusCode).toBe(201);
    // Past the bytes of the day: refused whatever the count.
    const tooBig = await createTus(ip, 20_000);
    expect(tooBig.statusCode).toBe(429);
    expect(tooBig.json()).toEqual({ code: 'E429', message: UPLOAD_QUOTA, data: null });
    expect(tooBig.headers['x-reason']).toBe('uploadQuota');
    expect((await createTus(ip, 100)).statusCode).toBe(201);
    const uploads = await t.count('tus_uploads');
    const refused = await createTus(ip, 100);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['tus-resumable']).toBe('1.0.0');
    expect(await t.count('tus_uploads')).toBe(uploads);
    expect((await upload(ip)).code).toBe('E429');
  });

  it("counts a logged-in supplier's uploads against the supplier, not its address", async () => {
    const ip = '10.0.5.1';
    for (let i = 0; i < 3; i++) expect((await upload(ip)).code).toBe('E000');
    expect((await upload(ip)).code).toBe('E429');
    const s = await t.login('demo_a104', 'Demo1234', ip);
    for (let i = 0; i < 4; i++) expect((await upload(ip, 100, s.token)).code).toBe('E000');
    expect((await createTus(ip, 100, s.token)).statusCode).toBe(201);
    // The supplier's own, larger quota ends too.
    expect((await upload(ip, 100, s.token)).code).toBe('E429');
    expect((await createTus('10.0.5.2', 100, s.token)).statusCode).toBe(429);
  });
});

describe('unclaimed uploads cap', () => {
  it('refuses anonymous uploads while the unclaimed ones fill the cap, and takes them again once space is freed', async () => {
    const quotas = t.app.services.quotas;
    const cap = quotas.unclaimedBytes;
    // No room kept for newcomers here (its own test below).
    const headroom = quotas.newcomerHeadroomBytes;
    quotas.newcomerHeadroomBytes = 0;
    try {
      // An unclaimed upload of the test's own, so that some space is held whatever ran before.
      expect((await upload('10.0.6.9', 1000)).code).toBe('E000');
      const held = (await unclaimedBytes(t.db, new Date(0))).total;
      expect(held).toBeGreaterThanOrEqual(1000);
      quotas.unclaimedBytes = held + 2000;
      const ip = '10.0.6.1';
      expect((await upload(ip, 1000)).code).toBe('E000');
      const refused = await upload(ip, 1000);
      expect(refused).toMatchObject({
        code: 'E429',
        reason: 'uploadSpaceFull',
        message: 'The server holds too many uploaded files that are not used yet, please try again in a few hours',
      });
      const tus = await createTus('10.0.6.2', 1500);
      expect(tus.statusCode).toBe(429);
      expect(tus.json()).toMatchObject({ code: 'E429', message: refused.message });
      // A logged-in supplier's uploads are its own, not unclaimed: not refused.
      const s = await t.login('demo_a141');
      expect((await upload('10.0.6.5', 1000, s.token)).code).toBe('E000');
      // Space freed (a registration claimed files, or housekeeping expired them): taken again.
      quotas.unclaimedBytes = held + 10_000;
      expect((await upload(ip, 1000)).code).toBe('E000');
    } finally {
      quotas.unclaimedBytes = cap;
      quotas.newcomerHeadroomBytes = headroom;
    }
  });
});

const idOf = (created: { headers: Record<string, unknown> }) => String(created.headers.location).split('/').at(-1)!;
const patchTus = (id: string, ip: string, bytes: number, offset = 0) =>
  t.app.inject({
    method: 'PATCH',
    url: `${TUS}/${id}`,
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.alloc(bytes, 7),
    remoteAddress: ip,
  });
const deleteTus = (id: string, ip: string) =>
  t.app.inject({ method: 'DELETE', url: `${TUS}/${id}`, headers: { 'tus-resumable': '1.0.0' }, remoteAddress: ip });
/** What unfinished and unclaimed uploads hold now, as the cap counts it. */
const held = async () => (await unclaimedBytes(t.db, activeSince(t.app.services.quotas, t.clock.now))).total;

/**
 * The bytes a tus PATCH brought are written once its answer has gone (routes/file/tus.ts): the
 * test waits for that write before it reads the space or moves the clock, which the write reads.
 */
async function progressRecorded(uploadId: string, received: number): Promise<void> {
  await expect
    .poll(async () =>
      Number(
        (await t.db.query<{ received: string | number }>('SELECT received FROM tus_uploads WHERE upload_id = $1', [uploadId]))[0]
          ?.received ?? -1,
      ),
    )
    .toBe(received);
}

/** Runs `body` with some quotas changed, and puts them back whatever happens. */
async function withQuotas(changes: Partial<Quotas>, body: (quotas: Quotas) => Promise<void>): Promise<void> {
  const quotas = t.app.services.quotas;
  const saved = { ...quotas };
  Object.assign(quotas, changes);
  try {
    await body(quotas);
  } finally {
    Object.assign(quotas, saved);
  }
}

describe('upload space that cannot be hoarded', () => {
  it('an unfinished upload holds the bytes it received, not what it declared; deleted, nothing at once', async () => {
    const before = await held();
    const created = await createTus('10.0.7.1', 5000);
    expect(created.statusCode).toBe(201);
    expect(await held()).toBe(before);
    expect((await patchTus(idOf(created), '10.0.7.1', 400)).statusCode).toBe(204);
    await progressRecorded(idOf(created), 400);
    expect(await held()).toBe(before + 400);
    expect((await deleteTus(idOf(created), '10.0.7.1')).statusCode).toBe(204);
    expect(await held()).toBe(before);
  });

  it('an anonymous upload that received nothing for an hour holds no space, and housekeeping removes it', async () => {
    const created = await createTus('10.0.7.2', 5000);
    expect((await patchTus(idOf(created), '10.0.7.2', 300)).statusCode).toBe(204);
    await progressRecorded(idOf(created), 300);
    const before = await held();
    const rows = await t.count('tus_uploads');
    t.clock.now = new Date(t.clock.now.getTime() + 61 * 60_000);
    expect(await held()).toBe(before - 300);
    const done = await housekeeping({
      db: t.db,
      storage: t.app.services.storage,
      now: () => new Date(t.clock.now),
      tus: tusStore(t.dataDir),
    });
    expect(done?.tusUploads).toBeGreaterThanOrEqual(1);
    expect(await t.count('tus_uploads')).toBeLessThan(rows);
    expect((await t.db.query('SELECT 1 FROM tus_uploads WHERE upload_id = $1', [idOf(created)])).length).toBe(0);
  });

  it('an address has a few uploads under way at once and starts a few a minute; a newcomer elsewhere goes on', async () => {
    await withQuotas({}, async (quotas) => {
      quotas.openUploadsPerAddress = 2;
      const first = await createTus('10.0.7.3', 100);
      expect((await createTus('10.0.7.3', 100)).statusCode).toBe(201);
      const third = await createTus('10.0.7.3', 100);
      expect(third.statusCode).toBe(429);
      expect(third.headers['x-reason']).toBe('uploadsOpen');
      expect(third.json()).toMatchObject({
        code: 'E429',
        message: 'Too many uploads are under way from your network, please let them finish or cancel some first',
      });
      // Another address (a newcomer registering) is not held up.
      expect((await createTus('10.0.7.4', 100)).statusCode).toBe(201);
      expect((await deleteTus(idOf(first), '10.0.7.3')).statusCode).toBe(204);
      expect((await createTus('10.0.7.3', 100)).statusCode).toBe(201);

      quotas.uploadStartsPerMinute = 2;
      expect((await upload('10.0.7.5')).code).toBe('E000');
      expect((await upload('10.0.7.5')).code).toBe('E000');
      expect(await upload('10.0.7.5')).toMatchObject({ code: 'E429', reason: 'uploadsTooFast' });
      expect((await upload('10.0.7.6')).code).toBe('E000');
      t.clock.now = new Date(t.clock.now.getTime() + 61_000);
      expect((await upload('10.0.7.5')).code).toBe('E000');
    });
  });

  it('a newcomer registers after another client filled what it could: one address holds a share of the space, and a newcomer gets past a full one', async () => {
    await withQuotas({}, async (quotas) => {
      const before = (await unclaimedBytes(t.db, new Date(0))).total;
      Object.assign(quotas, { unclaimedBytes: before + 3000, unclaimedBytesPerAddress: 1500, newcomerHeadroomBytes: 1500 });
      // The hoarder gets its share, then nothing more: neither a stored upload nor a tus one.
      expect((await upload('10.0.8.1', 1000)).code).toBe('E000');
      expect(await upload('10.0.8.1', 1000)).toMatchObject({
        code: 'E429',
        reason: 'uploadShareFull',
        message: 'Your network holds too many uploaded files that are not used yet, please finish the registration or try again tomorrow',
      });
      const tus = await createTus('10.0.8.1', 1000);
      expect(tus.statusCode).toBe(429);
      expect(tus.headers['x-reason']).toBe('uploadShareFull');
      // The newcomer's licence goes in.
      expect((await upload('10.0.8.2', 1000)).code).toBe('E000');
      // Even with the space full (many addresses), an address holding nothing gets into the headroom; one holding some does not.
      Object.assign(quotas, { unclaimedBytes: (await unclaimedBytes(t.db, new Date(0))).total, newcomerHeadroomBytes: 5000 });
      expect((await upload('10.0.8.3', 1000)).code).toBe('E000');
      expect(await upload('10.0.8.2', 100)).toMatchObject({ code: 'E429', reason: 'uploadSpaceFull' });
    });
  });

  it('a supplier still registering (A101) has a quota fit for its registration documents', async () => {
    await withQuotas({}, async (quotas) => {
      quotas.uploadsPerRegistering = 2;
      const registering = await newSupplier(t, 'A101');
      const approved = await newSupplier(t, 'A104');
      for (let i = 0; i < 2; i++) expect((await upload('10.0.7.7', 100, registering.token)).code).toBe('E000');
      expect(await upload('10.0.7.7', 100, registering.token)).toMatchObject({ code: 'E429', reason: 'uploadQuota' });
      for (let i = 0; i < 3; i++) expect((await upload('10.0.7.7', 100, approved.token)).code).toBe('E000');
    });
  });
});
