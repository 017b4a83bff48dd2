import { LONG_TEXT_MAX } from '@contract/limits';
import { communicationReplyRequest } from '@contract/schemas/communication';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { supplierOwner } from '@/offline/db';
import { useDraft } from '@/offline/use-draft';
import { useMendEntry, type MendedEntry } from '@/offline/use-mend-entry';
import { useConnectivity } from '@/offline/use-outbox';
import { AttachmentPicker } from '@/ui/attachment-picker';
import { Field, fieldProps } from '@/ui/field';
import { queueReply } from '../api/reply-communication';
import { announceQueued, announceQueueFailure } from '@/ui/announce-queued';
import { focusFirstError, useValidatedForm } from '@/ui/use-validated-form';

const EMPTY = { detail: '' };
const ORDER = ['detail'] as const;
const idOf = (name: string) => `reply-${name}`;

interface ReplyFormProps {
  supplierId: string;
  communicationId: string;
  questionNo: string;
  /** The id of a reply the bid service refused: the form opens with its text and files, and sends it in its place. */
  mend?: string | undefined;
}

/**
 * The reply goes to the outbox, so it can be written offline; the text is kept as a draft
 * meanwhile. A refused reply is mended here: opened once read, with what it held.
 */
export function ReplyForm(props: ReplyFormProps) {
  const mending = useMendEntry(props.mend);
  if (mending === undefined) return null;
  return <ReplyFormBody {...props} mending={mending?.entry.call === 'communicationReply' ? mending : null} />;
}

function ReplyFormBody({ supplierId, communicationId, questionNo, mending }: ReplyFormProps & { mending: MendedEntry | null }) {
  const { t } = useLingui();
  const { online } = useConnectivity();
  const [initial] = useState(() => (mending ? { detail: String(mending.entry.payload.detail ?? '') } : EMPTY));
  const form = useValidatedForm(communicationReplyRequest, initial, (v) => ({ communicationId, detail: v.detail, attachments: [] }));
  const [files, setFiles] = useState<File[]>(() => mending?.files.attachments ?? []);
  const [replaces, setReplaces] = useState(mending?.entry.id);
  const [busy, setBusy] = useState(false);
  // A mended reply is its own record of what was typed: no draft beside it.
  const draft = useDraft(`communication-reply:${communicationId}`, mending ? null : supplierOwner(supplierId), form.values, form.reset, {
    isEmpty: (v) => !v.detail.trim(),
  });
  const refusal = replaces ? (mending?.entry.lastError?.message ?? '') : '';
  const { values, errors } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = await form.validate();
    if (Object.keys(problems).length > 0) {
      focusFirstError(ORDER, problems, idOf);
      return;
    }
    setBusy(true);
    try {
      await queueReply({ supplierId, communicationId, questionNo, detail: values.detail, files, ...(replaces ? { replaces } : {}) });
    } catch (error) {
      announceQueueFailure(error);
      return;
    } finally {
      setBusy(false);
    }
    form.reset(EMPTY);
    setFiles([]);
    setReplaces(undefined);
    await draft.clear();
    announceQueued(online);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="reply-title">
      <h2 id="reply-title">
        <Trans>回复</Trans>
      </h2>
      {refusal ? (
        <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <Trans>这条回复被投标服务退回：{refusal}。请修改后重新发送，它会代替被退回的那条。</Trans>
        </p>
      ) : null}
      <Field
        id={idOf('detail')}
        label={t`回复内容`}
        required
        error={errors.detail}
        hint={draft.savedAt ? t`草稿已自动保存在本设备` : undefined}
      >
        <textarea
          {...fieldProps(idOf('detail'), errors.detail, Boolean(draft.savedAt))}
          className="input min-h-32"
          maxLength={LONG_TEXT_MAX}
          value={values.detail}
          onChange={(e) => form.setValue('detail', e.target.value)}
          onBlur={() => void form.blur('detail')}
        />
      </Field>
      <AttachmentPicker id={idOf('attachments')} label={t`附件`} value={files} onChange={setFiles} disabled={busy} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {online ? null : (
          <p className="text-sm text-slate-500">
            <Trans>当前离线：回复会先保存在本设备，联网后自动发送。</Trans>
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
          <Trans>发送回复</Trans>
        </button>
      </div>
    </form>
  );
}
