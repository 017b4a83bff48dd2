import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataLock } from './db/data-lock';
import { operatorSecretFile } from './env';
import { build } from './test/helper';

const run = promisify(execFile);
const SECRET = 'cli-test-operator-secret-0123456789';
const t = await build({ operatorSecret: SECRET });
writeFileSync(operatorSecretFile(t.dataDir), SECRET, { mode: 0o600 });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
// The folder held as the service holds it (server/main.ts): the CLI finds the server through it.
const lock = await acquireDataLock(t.dataDir, 'service');
lock.update({ port, host: '127.0.0.1' });
afterAll(() => lock.release());

/** The CLI as an operator runs it: `npx tsx server/cli.ts ...` with the server's environment. */
const cli = (args: string[], env: Record<string, string>) =>
  run('npx', ['tsx', 'server/cli.ts', ...args], { env: { ...process.env, ...env }, timeout: 200_000 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

// Each CLI run starts tsx: seconds each, more on a busy machine.
describe('the operator CLI', { timeout: 300_000 }, () => {
  const env = { DATA_DIR: t.dataDir, PORT: String(port) };

  it('talks to the running server: approve-visit, list-visits, reply-communication, list-communications print JSON', async () => {
    const approved = await cli(
      [
        'approve-visit',
        '--phone',
        '13700000010',
        '--name',
        '命令行访客',
        '--base',
        'DG',
        '--department',
        'DG-QA',
        '--host',
        '陈',
        '--from',
        '2026-12-01',
        '--until',
        '2026-12-02',
        '--reason',
        '审核',
      ],
      env,
    );
    expect(approved.code, approved.err).toBe(0);
    expect(JSON.parse(approved.out)).toMatchObject({ phone: '13700000010', departmentCode: 'DG-QA', reason: '审核', status: 'approved' });
    const visits = JSON.parse((await cli(['list-visits', '--phone', '13700000010'], env)).out) as unknown[];
    expect(visits).toHaveLength(1);

    const threads = JSON.parse((await cli(['list-communications', '--supplier', 'demo_a104'], env)).out) as Array<{
      questionNo: string;
      status: string;
    }>;
    expect(threads).toHaveLength(3);
    const open = threads.find((x) => x.status === 'awaitingBuyer')!;
    const file = join(mkdtempSync(join(tmpdir(), 'cli-')), 'note.txt');
    writeFileSync(file, 'from the buyer');
    const replied = await cli(
      ['reply-communication', '--id', open.questionNo, '--text', '好的', '--close', '--sponsor', '张三', '--file', file],
      env,
    );
    expect(replied.code, replied.err).toBe(0);
    const thread = JSON.parse(replied.out) as { status: string; replies: Array<{ sponsor: string; attachments: Array<{ size: number }> }> };
    expect(thread.status).toBe('closed');
    expect(thread.replies.at(-1)).toMatchObject({ sponsor: '张三', attachments: [{ size: 14 }] });
    const person = JSON.parse((await cli(['get-visitor-person', '--phone', '13900000001'], env)).out);
    expect(person).toMatchObject({ phone: '13900000001', person: null });
  });

  it('runs the tender commands: publish-notice with a deposit and certificates, list, confirm, refund, close, announce', async () => {
    const published = await cli(
      [
        'publish-notice',
        '--type',
        'bidding',
        '--title',
        '命令行招标',
        '--hours',
        '5',
        '--deposit',
        '2500',
        '--certificate',
        '营业执照',
        '--certificate',
        'FSC 森林认证',
      ],
      env,
    );
    expect(published.code, published.err).toBe(0);
    const notice = JSON.parse(published.out) as { id: string; tenderNo: string; depositAmount: number; certificateDocuments: string[] };
    expect(notice).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      depositAmount: 2500,
      certificateDocuments: ['营业执照', 'FSC 森林认证'],
    });

    const records = JSON.parse((await cli(['list-tender-records', '--supplier', 'demo_a104'], env)).out) as Array<{
      id: string;
      status: string;
    }>;
    expect(records).toHaveLength(7);
    const confirmed = await cli(['confirm-deposit', '--id', records.find((r) => r.status === 'depositSubmitted')!.id], env);
    expect(confirmed.code, confirmed.err).toBe(0);
    expect(JSON.parse(confirmed.out)).toMatchObject({ status: 'depositConfirmed', supplier: 'demo_a104' });
    const voucher = join(mkdtempSync(join(tmpdir(), 'cli-')), 'voucher.pdf');
    writeFileSync(voucher, '%PDF-1.4 voucher');
    const refunded = await cli(
      ['refund-deposit', '--id', records.find((r) => r.status === 'refundRequested')!.id, '--voucher', voucher],
      env,
    );
    expect(JSON.parse(refunded.out)).toMatchObject({ status: 'refunded', refundVoucher: { name: 'voucher.pdf' } });

    const closed = await cli(['close-notice', '--tender-no', notice.tenderNo], env);
    expect(JSON.parse(closed.out)).toMatchObject({ tenderNo: notice.tenderNo });
    const refused = await cli(['announce-result', '--tender-no', notice.tenderNo, '--winner', 'demo_a104'], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`demo_a104 did not sign up for ${notice.tenderNo}`);
  });

  it('runs the question commands: list-questions (--notice, --unanswered), answer-question, set-questions-deadline', async () => {
    const waiting = JSON.parse((await cli(['list-questions', '--unanswered'], env)).out) as Array<{
      questionNo: string;
      tenderNo: string;
      supplier: string;
      answer: unknown;
    }>;
    // The demo's question still waiting for the buyer, with who asked.
    expect(waiting).toMatchObject([{ supplier: 'demo_a104', answer: null }]);
    const [question] = waiting;
    const all = JSON.parse((await cli(['list-questions', '--notice', question!.tenderNo], env)).out) as unknown[];
    expect(all).toHaveLength(2);

    const neither = await cli(['answer-question', '--question-no', question!.questionNo, '--text', '可以'], env);
    expect(neither.code).toBe(1);
    expect(neither.err).toContain('--public or --private');
    const answered = await cli(['answer-question', '--question-no', question!.questionNo, '--private', '--text', '可以提交银行保函'], env);
    expect(answered.code, answered.err).toBe(0);
    expect(JSON.parse(answered.out)).toMatchObject({
      questionNo: question!.questionNo,
      answer: { text: '可以提交银行保函', visibility: 'private' },
    });
    const again = await cli(['answer-question', '--question-no', question!.questionNo, '--public', '--text', '再答'], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('answered already');
    expect(JSON.parse((await cli(['list-questions', '--unanswered'], env)).out)).toEqual([]);

    const set = await cli(['set-questions-deadline', '--notice', question!.tenderNo, '--at', '2020-01-01T10:00:00+08:00'], env);
    expect(set.code, set.err).toBe(0);
    expect(JSON.parse(set.out)).toMatchObject({ tenderNo: question!.tenderNo, questionsCloseAt: '2020-01-01T02:00:00.000Z' });
    const reset = await cli(['set-questions-deadline', '--notice', question!.tenderNo, '--at', 'default'], env);
    const { cutoffTime, questionsCloseAt } = JSON.parse(reset.out) as { cutoffTime: string; questionsCloseAt: string };
    expect(Date.parse(cutoffTime) - Date.parse(questionsCloseAt)).toBe(3 * 86_400_000);
  });

  it('runs the enquiry commands: create-enquiry from a lines file, open-round with targets, list-quotes, close-enquiry, list-enquiries', async () => {
    const lines = join(mkdtempSync(join(tmpdir(), 'cli-')), 'lines.json');
    writeFileSync(
      lines,
      JSON.stringify([
        {
          materialNo: 'CLI-1',
          name: '牛皮箱板纸',
          specification: '175g/m²',
          unit: '吨',
          brand: '玖龙',
          quantity: '12.5',
          expectedPrice: '4150',
          packageSpecification: '卷装',
        },
        {
          materialNo: 'CLI-2',
          name: '玉米淀粉',
          specification: '一级',
          unit: '吨',
          brand: '',
          quantity: 3,
          packageSpecification: '25kg/袋',
        },
      ]),
    );
    const created = await cli(
      [
        'create-enquiry',
        '--theme',
        '命令行询价',
        '--suppliers',
        'demo_a104, demo_a141',
        '--lines',
        lines,
        '--hours',
        '48',
        '--remark',
        '含税到厂价',
      ],
      env,
    );
    expect(created.code, created.err).toBe(0);
    const enquiry = JSON.parse(created.out) as { id: string; enquiryNo: string; round: number; deadline: string };
    expect(enquiry).toMatchObject({ id: expect.any(String), enquiryNo: expect.stringMatching(/^XJ\d{14}$/), round: 1 });

    const opened = await cli(
      ['open-round', '--enquiry-no', enquiry.enquiryNo, '--deadline', '2031-01-01T00:00:00Z', '--target-prices', '{"CLI-1": "4000.5"}'],
      env,
    );
    expect(opened.code, opened.err).toBe(0);
    expect(JSON.parse(opened.out)).toMatchObject({ round: 2, deadline: '2031-01-01T00:00:00.000Z', targetPrices: { 'CLI-1': '4000.5' } });
    const quotes = JSON.parse((await cli(['list-quotes', '--id', enquiry.id], env)).out) as {
      rounds: Array<{ round: number; targetPrices: Record<string, string>; notQuoted: string[] }>;
    };
    expect(quotes.rounds.map((r) => [r.round, r.targetPrices, r.notQuoted])).toEqual([
      [1, {}, ['demo_a104', 'demo_a141']],
      [2, { 'CLI-1': '4000.50' }, ['demo_a104', 'demo_a141']],
    ]);
    const closed = await cli(['close-enquiry', '--id', enquiry.id, '--status', 'awarded'], env);
    expect(JSON.parse(closed.out)).toMatchObject({ enquiryNo: enquiry.enquiryNo, businessStatus: 'awarded' });
    const listed = JSON.parse((await cli(['list-enquiries', '--supplier', 'demo_a141'], env)).out) as Array<{
      enquiryNo: string;
      businessStatus: string;
    }>;
    expect(listed[0]).toMatchObject({ enquiryNo: enquiry.enquiryNo, businessStatus: 'awarded' });
    const refused = await cli(['open-round', '--id', enquiry.id, '--hours', '1', '--target-prices', '{"CLI-1": '], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--target-prices: not valid JSON');
    const missing = await cli(
      ['create-enquiry', '--theme', 'x', '--suppliers', 'demo_a104', '--lines', '/no/such/lines.json', '--hours', '1'],
      env,
    );
    expect(missing.err).toContain('--lines: neither JSON nor a file: /no/such/lines.json');
  });

  it('runs the visit application commands: list-visit-applications, review-visit-application, list-messages', async () => {
    const pending = JSON.parse(
      (await cli(['list-visit-applications', '--supplier', 'demo_a104', '--status', 'pending'], env)).out,
    ) as Array<{ visitNo: string; supplier: string }>;
    expect(pending).toHaveLength(1);
    expect(pending[0]!.supplier).toBe('demo_a104');
    const noReason = await cli(['review-visit-application', '--visit-no', pending[0]!.visitNo, '--return'], env);
    expect(noReason.code).toBe(1);
    expect(noReason.err).toContain('returning needs --reason');
    const approved = await cli(['review-visit-application', '--visit-no', pending[0]!.visitNo, '--approve'], env);
    expect(approved.code, approved.err).toBe(0);
    expect(JSON.parse(approved.out)).toMatchObject({ reviewStatus: 'approved', visits: [{ phone: '13900000021' }] });
    // The supplier was told: its newest message is the approval.
    const told = await cli(['list-messages', '--supplier', 'demo_a104', '--limit', '1'], env);
    expect(told.code, told.err).toBe(0);
    expect(JSON.parse(told.out)).toEqual([
      expect.objectContaining({ kind: 'visitApproved', number: pending[0]!.visitNo, read: false, readAt: null }),
    ]);
  });

  it('exits 1 with the reason on bad input, without a stack trace', async () => {
    const bad = await cli(['reply-communication', '--id', 'GT000000000', '--text', 'x'], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('no communication');
    const usage = await cli(['no-such-command'], env);
    expect(usage.code).toBe(1);
    expect(usage.err).toContain('reply-communication --id');
    expect(usage.err).toContain('announce-result --tender-no <no> --winner <username|supplierCode>');
    expect(usage.err).toContain('close-enquiry (--id <id> | --enquiry-no <no>) --status awarded|notAwarded|cancelled');
  });

  it('opens the database itself when no server runs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-direct-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    const res = await cli(['list-communications'], { DATA_DIR: dataDir, PORT: '1' });
    expect(res.code, res.err).toBe(0);
    expect(JSON.parse(res.out)).toEqual([]);
  });
});
