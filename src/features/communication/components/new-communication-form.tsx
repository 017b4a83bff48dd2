import { LONG_TEXT_MAX, TEXT_MAX } from '@contract/limits';
import { COMMUNICATION_PRIORITIES, communicationSaveRequest, type CommunicationPriority } from '@contract/schemas/communication';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { supplierOwner } from '@/offline/db';
import { useDraft } from '@/offline/use-draft';
import { useMendEntry, type MendedEntry } from '@/offline/use-mend-entry';
import { useConnectivity } from '@/offline/use-outbox';
import { AttachmentPicker } from '@/ui/attachment-picker';
import { Field, fieldProps } from '@/ui/field';
import { queueCommunication } from '../api/save-communication';
import { announceQueued, announceQueueFailure } from '@/ui/announce-queued';
import { focusFirstError, useValidatedForm } from '@/ui/use-validated-form';
import { PRIORITY_LABEL } from './communication-badges';

const ORDER = ['priority', 'topic', 'content', 'sourceNo'] as const;
const idOf = (name: string) => `new-communication-${name}`;
const SOURCE_NO_MAX = 64;

type Values = { priority: CommunicationPriority | ''; topic: string; content: string; sourceNo: string };

interface NewCommunicationFormProps {
  supplierId: string;
  /** The tender the thread is started from, when there is one (`?sourceNo=` of the route). */
  sourceNo: string;
  /** The id of a new thread the bid service refused: the form opens with its values and files, and sends it in its place. */
  mend?: string | undefined;
  onQueued: () => void;
}

/**
 * A new thread goes to the outbox, so it can be written offline; the text is kept as a draft
 * meanwhile. A refused one is mended here: opened once read, with what it held.
 */
export function NewCommunicationForm(props: NewCommunicationFormProps) {
  const mending = useMendEntry(props.mend);
  if (mending === undefined) return null;
  const own = mending?.entry.call === 'communicationSave' && mending.entry.owner === supplierOwner(props.supplierId);
  return <NewCommunicationFormBody {...props} mending={own ? mending : null} />;
}

const priorityOf = (value: unknown): Values['priority'] =>
  (COMMUNICATION_PRIORITIES as readonly unknown[]).includes(value) ? (value as CommunicationPriority) : '';

/** The values a refused new thread held. */
const mendedValues = ({ entry }: MendedEntry): Values => ({
  priority: priorityOf(entry.payload.priority),
  topic: String(entry.payload.topic ?? ''),
  content: String(entry.payload.content ?? ''),
  sourceNo: String(entry.payload.sourceNo ?? ''),
});

function NewCommunicationFormBody({
  supplierId,
  sourceNo,
  onQueued,
  mending,
}: NewCommunicationFormProps & { mending: MendedEntry | null }) {
  const { t, i18n } = useLingui();
  const { online } = useConnectivity();
  const empty: Values = { priority: '', topic: '', content: '', sourceNo };
  const [initial] = useState(() => (mending ? mendedValues(mending) : empty));
  const form = useValidatedForm<Values>(communicationSaveRequest, initial, (v) => ({
    ...v,
    priority: v.priority || undefined,
    attachments: [],
  }));
  const [files, setFiles] = useState<File[]>(() => mending?.files.attachments ?? []);
  const [replaces, setReplaces] = useState(mending?.entry.id);
  const [busy, setBusy] = useState(false);
  // One draft per tender: starting from another tender does not bring back this one's text.
  // A mended thread is its own record of what was typed: no draft beside it.
  const draft = useDraft(`communication-new:${sourceNo}`, mending ? null : supplierOwner(supplierId), form.values, form.reset, {
    isEmpty: (v) => !v.priority && !v.topic.trim() && !v.content.trim() && v.sourceNo === sourceNo,
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
      await queueCommunication({
        supplierId,
        ...values,
        priority: values.priority as CommunicationPriority,
        files,
        ...(replaces ? { replaces } : {}),
      });
    } catch (error) {
      announceQueueFailure(error);
      return;
    } finally {
      setBusy(false);
    }
    form.reset(empty);
    setFiles([]);
    setReplaces(undefined);
    await draft.clear();
    announceQueued(online);
    onQueued();
  };

  const text = (name: 'topic' | 'sourceNo', max: number) => ({
    ...fieldProps(idOf(name), errors[name]),
    className: 'input',
    maxLength: max,
    value: values[name],
    onChange: (e: { target: { value: string } }) => form.setValue(name, e.target.value),
    onBlur: () => void form.blur(name),
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      {refusal ? (
        <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <Trans>这条沟通被投标服务退回：{refusal}。请修改后重新提交，它会代替被退回的那条。</Trans>
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <Field id={idOf('priority')} label={t`优先级`} required error={errors.priority}>
          <select
            {...fieldProps(idOf('priority'), errors.priority)}
            className="input"
            value={values.priority}
            onChange={(e) => form.setValue('priority', e.target.value as Values['priority'])}
            onBlur={() => void form.blur('priority')}
          >
            <option value="">{t`请选择`}</option>
            {COMMUNICATION_PRIORITIES.map((code) => (
              <option key={code} value={code}>
                {i18n._(PRIORITY_LABEL[code])}
              </option>
            ))}
          </select>
        </Field>
        <Field id={idOf('topic')} label={t`标题`} required error={errors.topic}>
          <input type="text" {...text('topic', TEXT_MAX)} />
        </Field>
      </div>
      <Field
        id={idOf('content')}
        label={t`内容`}
        required
        error={errors.content}
        hint={draft.savedAt ? t`草稿已自动保存在本设备` : undefined}
      >
        <textarea
          {...fieldProps(idOf('content'), errors.content, Boolean(draft.savedAt))}
          className="input min-h-40"
          maxLength={LONG_TEXT_MAX}
          value={values.content}
          onChange={(e) => form.setValue('content', e.target.value)}
          onBlur={() => void form.blur('content')}
        />
      </Field>
      <Field
        id={idOf('sourceNo')}
        label={t`来源单号`}
        error={errors.sourceNo}
        hint={t`从招标项目发起时自动填写，可留空。`}
        className="sm:max-w-sm"
      >
        <input type="text" {...text('sourceNo', SOURCE_NO_MAX)} {...fieldProps(idOf('sourceNo'), errors.sourceNo, true)} />
      </Field>
      <AttachmentPicker id={idOf('attachments')} label={t`附件`} value={files} onChange={setFiles} disabled={busy} />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-end">
        {online ? null : (
          <p className="text-sm text-slate-500">
            <Trans>当前离线：沟通会先保存在本设备，联网后自动发送。</Trans>
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
          <Trans>提交</Trans>
        </button>
      </div>
    </form>
  );
}
