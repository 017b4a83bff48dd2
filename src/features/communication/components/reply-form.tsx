import { LONG_TEXT_MAX } from '@contract/limits';
import { communicationReplyRequest } from '@contract/schemas/communication';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { supplierOwner } from '@/offline/db';
import { useDraft } from '@/offline/use-draft';
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
}

/** The reply goes to the outbox, so it can be written offline; the text is kept as a draft meanwhile. */
export function ReplyForm({ supplierId, communicationId, questionNo }: ReplyFormProps) {
  const { t } = useLingui();
  const { online } = useConnectivity();
  const form = useValidatedForm(communicationReplyRequest, EMPTY, (v) => ({ communicationId, detail: v.detail, attachments: [] }));
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const draft = useDraft(`communication-reply:${communicationId}`, supplierOwner(supplierId), form.values, form.reset, {
    isEmpty: (v) => !v.detail.trim(),
  });
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
      await queueReply({ supplierId, communicationId, questionNo, detail: values.detail, files });
    } catch (error) {
      announceQueueFailure(error);
      return;
    } finally {
      setBusy(false);
    }
    form.reset(EMPTY);
    setFiles([]);
    await draft.clear();
    announceQueued(online);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="reply-title">
      <h2 id="reply-title">
        <Trans>回复</Trans>
      </h2>
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
          onBlur={() => form.blur('detail')}
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
