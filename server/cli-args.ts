import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { OperatorError, type OperatorAction } from './services/operator-actions';

/** The operator CLI's words (server/cli.ts): its usage, and a command line read into an operator action and its input. */

export const USAGE = `Usage: npm run cli -- <command>
  set-status <username|supplierCode> <A101|A104|A141>
  publish-notice --type bidding|purchasing --title <text> [--days N | --hours N] [--deposit <amount>] [--certificate <name>]...
                 [--unit <issuing unit>] [--address <project location>]
  list-suppliers
  revoke-sessions --supplier <username|supplierCode>   (logs the supplier out everywhere now)
  reply-communication --id <id|questionNo> --text <text> [--close] [--sponsor <name>] [--file <path>]...
  list-communications [--supplier <username|supplierCode>]
  approve-visit --phone <mobile> --name <visitor> --base <code> --department <code|name> --host <name>
                --from <YYYY-MM-DD|ISO> --until <YYYY-MM-DD|ISO> [--reason <text>]   (days and times on the base's clock)
  list-visits [--phone <mobile>]
  list-bases   (the production bases and the time zone of each one's gate passes)
  set-base-time-zone <base code> <IANA zone | default>   (default: the buyer's TIME_ZONE)
  get-visitor-person --phone <mobile>
  list-tender-records [--supplier <username|supplierCode>] [--tender-no <no>]   (every deposit and every bid version)
  confirm-deposit --id <record id>
  reject-deposit --id <record id> --reason <text>
  announce-result --tender-no <no> --winner <username|supplierCode>
  refund-deposit --id <record id> --voucher <file path>
  close-notice --tender-no <no>
  list-questions [--notice <tender no>] [--unanswered]   (questions on notices, oldest first, with who asked)
  answer-question --question-no <no> (--public | --private) --text <answer>
                  (public: every supplier signed up for the notice and the public notice see it, never who asked;
                   private: the asker alone; an answer is written once)
  set-questions-deadline --notice <tender no> --at <ISO | default>   (when the notice stops taking questions;
                  default: 3 days before its cut-off)
  create-enquiry --theme <text> --suppliers <username,...> --lines <JSON array | JSON file> (--deadline <ISO> | --hours N)
                 [--currency CNY] [--remark <text>] [--tax-excluded] [--effective <ISO>] [--expiry <ISO>]
                 [--delivery-date <YYYY-MM-DD>] [--vat-type <text>] [--warranty-period <text>] [--warranty-method <text>]
                 [--transport-type <text>] [--invoice-type <text>] [--payment-type <text>] [--delivery-type <text>]
                 [--unloading-method <text>] [--promoter <name>]
                 lines: [{"materialNo","name","specification","unit","brand","quantity","expectedPrice"?,"packageSpecification"}]
  open-round (--id <id> | --enquiry-no <no>) (--deadline <ISO> | --hours N) [--target-prices <JSON {materialNo: price} | JSON file>]
             [--promoter <name>]
  close-enquiry (--id <id> | --enquiry-no <no>) --status awarded|notAwarded|cancelled
  list-enquiries [--supplier <username|supplierCode>]
  list-quotes (--id <id> | --enquiry-no <no>)
  list-visit-applications [--supplier <username|supplierCode>] [--status pending|approved|returned|withdrawn]
  review-visit-application (--id <id> | --visit-no <no>) (--approve | --return --reason <text>)
  list-messages --supplier <username|supplierCode> [--limit N]   (the home page's messages, newest first)
  backup <file.tar>    the embedded database and the stored files in one archive, taken while the service
                       runs (by the service) or not; with DATABASE_URL the files only (pg_dump the database)
  restore <file.tar>   into an empty DATA_DIR, with the service stopped; with DATABASE_URL the files only
  rotate-receipt-key   a new key signs receipts from each instance's next start; the old one still checks
                       those it signed (with RECEIPT_KEY: prints the new key to set instead)
Times without an offset (--deadline, --effective, --expiry) are on the buyer's clock (TIME_ZONE).
Prints the result as JSON. Uses DATA_DIR, DATABASE_URL, PORT and TIME_ZONE like the server.`;

/** A JSON option: inline (`[...]`, `{...}`) or the path of a file holding it. */
function jsonArg(option: string, value: string | undefined): unknown {
  if (value === undefined) return undefined;
  const inline = /^\s*[[{]/.test(value);
  let text = value;
  if (!inline) {
    const path = resolve(value);
    if (!existsSync(path)) throw new OperatorError(`${option}: neither JSON nor a file: ${value}`);
    text = readFileSync(path, 'utf8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new OperatorError(`${option}: not valid JSON (${(error as Error).message})`);
  }
}

export function parse(argv: string[]): { action: OperatorAction; input: Record<string, unknown> } {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      type: { type: 'string' },
      title: { type: 'string' },
      days: { type: 'string' },
      unit: { type: 'string' },
      address: { type: 'string' },
      id: { type: 'string' },
      text: { type: 'string' },
      close: { type: 'boolean' },
      sponsor: { type: 'string' },
      file: { type: 'string', multiple: true },
      supplier: { type: 'string' },
      phone: { type: 'string' },
      name: { type: 'string' },
      base: { type: 'string' },
      department: { type: 'string' },
      host: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      reason: { type: 'string' },
      hours: { type: 'string' },
      deposit: { type: 'string' },
      certificate: { type: 'string', multiple: true },
      'tender-no': { type: 'string' },
      winner: { type: 'string' },
      voucher: { type: 'string' },
      theme: { type: 'string' },
      suppliers: { type: 'string' },
      lines: { type: 'string' },
      deadline: { type: 'string' },
      currency: { type: 'string' },
      remark: { type: 'string' },
      'tax-excluded': { type: 'boolean' },
      effective: { type: 'string' },
      expiry: { type: 'string' },
      'delivery-date': { type: 'string' },
      'vat-type': { type: 'string' },
      'warranty-period': { type: 'string' },
      'warranty-method': { type: 'string' },
      'transport-type': { type: 'string' },
      'invoice-type': { type: 'string' },
      'payment-type': { type: 'string' },
      'delivery-type': { type: 'string' },
      'unloading-method': { type: 'string' },
      promoter: { type: 'string' },
      'enquiry-no': { type: 'string' },
      'target-prices': { type: 'string' },
      status: { type: 'string' },
      'visit-no': { type: 'string' },
      approve: { type: 'boolean' },
      return: { type: 'boolean' },
      limit: { type: 'string' },
      notice: { type: 'string' },
      unanswered: { type: 'boolean' },
      'question-no': { type: 'string' },
      public: { type: 'boolean' },
      private: { type: 'boolean' },
      at: { type: 'string' },
    },
  });
  switch (command) {
    case 'set-status':
      return { action: 'setStatus', input: { supplier: positionals[0], status: positionals[1] } };
    case 'publish-notice':
      return {
        action: 'publishNotice',
        input: {
          type: values.type,
          title: values.title,
          days: values.days,
          hours: values.hours,
          deposit: values.deposit,
          certificates: values.certificate,
          issuingUnit: values.unit,
          projectAddress: values.address,
        },
      };
    case 'list-suppliers':
      return { action: 'listSuppliers', input: {} };
    case 'revoke-sessions':
      return { action: 'revokeSessions', input: { supplier: values.supplier } };
    case 'reply-communication':
      // Local files travel as absolute paths: the server reads them on this same machine.
      return {
        action: 'replyCommunication',
        input: {
          id: values.id,
          text: values.text,
          close: values.close ?? false,
          sponsor: values.sponsor,
          files: (values.file ?? []).map((f) => resolve(f)),
        },
      };
    case 'list-communications':
      return { action: 'listCommunications', input: { supplier: values.supplier } };
    case 'approve-visit':
      return {
        action: 'approveVisit',
        input: {
          phone: values.phone,
          name: values.name,
          base: values.base,
          department: values.department,
          host: values.host,
          from: values.from,
          until: values.until,
          reason: values.reason,
        },
      };
    case 'list-visits':
      return { action: 'listVisits', input: { phone: values.phone } };
    case 'list-bases':
      return { action: 'listBases', input: {} };
    case 'set-base-time-zone':
      return { action: 'setBaseTimeZone', input: { base: positionals[0], zone: positionals[1] } };
    case 'get-visitor-person':
      return { action: 'getVisitorPerson', input: { phone: values.phone } };
    case 'list-tender-records':
      return { action: 'listTenderRecords', input: { supplier: values.supplier, tenderNo: values['tender-no'] } };
    case 'confirm-deposit':
      return { action: 'confirmDeposit', input: { id: values.id } };
    case 'reject-deposit':
      return { action: 'rejectDeposit', input: { id: values.id, reason: values.reason } };
    case 'announce-result':
      return { action: 'announceResult', input: { tenderNo: values['tender-no'], winner: values.winner } };
    case 'refund-deposit':
      // An absolute path: the server reads the voucher on this same machine.
      return {
        action: 'refundDeposit',
        input: { id: values.id, voucher: values.voucher === undefined ? undefined : resolve(values.voucher) },
      };
    case 'close-notice':
      return { action: 'closeNotice', input: { tenderNo: values['tender-no'] } };
    case 'list-questions':
      return { action: 'listQuestions', input: { tenderNo: values.notice, unanswered: values.unanswered ?? false } };
    case 'answer-question':
      return {
        action: 'answerQuestion',
        input: { questionNo: values['question-no'], public: values.public ?? false, private: values.private ?? false, text: values.text },
      };
    case 'set-questions-deadline':
      return { action: 'setQuestionsDeadline', input: { tenderNo: values.notice, at: values.at } };
    case 'create-enquiry':
      return {
        action: 'createEnquiry',
        input: {
          theme: values.theme,
          suppliers: values.suppliers
            ?.split(',')
            .map((name) => name.trim())
            .filter(Boolean),
          lines: jsonArg('--lines', values.lines),
          deadline: values.deadline,
          hours: values.hours,
          currency: values.currency,
          remark: values.remark,
          priceIncludesTax: values['tax-excluded'] ? false : undefined,
          effectiveTime: values.effective,
          expiryTime: values.expiry,
          deliveryDate: values['delivery-date'],
          vatType: values['vat-type'],
          warrantyPeriod: values['warranty-period'],
          warrantyMethod: values['warranty-method'],
          transportType: values['transport-type'],
          invoiceType: values['invoice-type'],
          paymentType: values['payment-type'],
          deliveryType: values['delivery-type'],
          unloadingMethod: values['unloading-method'],
          promoter: values.promoter,
        },
      };
    case 'open-round':
      return {
        action: 'openRound',
        input: {
          id: values.id,
          enquiryNo: values['enquiry-no'],
          deadline: values.deadline,
          hours: values.hours,
          targetPrices: jsonArg('--target-prices', values['target-prices']),
          promoter: values.promoter,
        },
      };
    case 'close-enquiry':
      return { action: 'closeEnquiry', input: { id: values.id, enquiryNo: values['enquiry-no'], status: values.status } };
    case 'list-enquiries':
      return { action: 'listEnquiries', input: { supplier: values.supplier } };
    case 'list-quotes':
      return { action: 'listQuotes', input: { id: values.id, enquiryNo: values['enquiry-no'] } };
    case 'list-visit-applications':
      return { action: 'listVisitApplications', input: { supplier: values.supplier, status: values.status } };
    case 'review-visit-application':
      return {
        action: 'reviewVisitApplication',
        input: {
          id: values.id,
          visitNo: values['visit-no'],
          approve: values.approve ?? false,
          return: values.return ?? false,
          reason: values.reason,
        },
      };
    case 'list-messages':
      return { action: 'listMessages', input: { supplier: values.supplier, limit: values.limit } };
    default:
      throw new OperatorError(USAGE);
  }
}
