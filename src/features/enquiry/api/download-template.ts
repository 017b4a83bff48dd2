import { calls } from '@contract/calls';
import { isApiError } from '@/api/errors';
import { saveBlob } from '@/api/file';
import { request } from '@/api/request';

/** Any realm's Blob (tests run Node's fetch next to jsdom's Blob). */
const isBlob = (value: unknown): value is Blob => Object.prototype.toString.call(value) === '[object Blob]';

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8, how the bid
 * service sends a Chinese name) before the ASCII `filename`; null when there is neither. Path
 * parts are dropped: the name is only ever a name.
 */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    name = plain ? (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim()) : null;
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}

export type TemplateDownload = 'saved' | 'reported' | 'failed';

/**
 * Asks the bid service for an enquiry's inquiry-letter template (an .xlsx with its lines, in the
 * request language) and saves it under the name the service gives. Answers 'reported' when
 * `request` already told the user (a business error toast, the network alert, a lost session),
 * 'failed' when the answer was not a file: the caller says so.
 */
export async function downloadEnquiryTemplate(id: string, fallbackName: string): Promise<TemplateDownload> {
  let disposition: string | null = null;
  try {
    const blob: unknown = await request(
      calls.enquiryDownloadTemplate,
      { id },
      { onResponse: (response) => (disposition = response.headers.get('Content-Disposition')) },
    );
    if (!isBlob(blob)) return 'failed';
    saveBlob(blob, fileNameOf(disposition) ?? fallbackName);
    return 'saved';
  } catch (error) {
    console.error('template download failed', error);
    return isApiError(error) ? 'reported' : 'failed';
  }
}
