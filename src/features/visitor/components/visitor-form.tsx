import type { Locale } from '@contract/locales';
import type { VisitPass, VisitorPerson } from '@contract/schemas/visitor';
import { passExpired } from '@contract/visitor-values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { message } from '@/locales/wire';
import { visitorOwner } from '@/offline/db';
import { onSent, StorageFullError } from '@/offline/outbox';
import { useDraft } from '@/offline/use-draft';
import { useOutbox } from '@/offline/use-outbox';
import { Field, FormAlert, fieldProps } from '@/ui/field';
import { formatDateTime } from '@/ui/format';
import { focusFirstError } from '@/ui/use-validated-form';
import { visitPersonQueryOptions } from '../api/get-visit-person';
import { queueVisitorPerson, visitorThread } from '../api/save-person';
import { visitorDictionaryQueryOptions } from '../api/visitor-dictionary';
import { useVisitorForm } from '../use-visitor-form';
import { FIELD_ORDER, personFromValues, valuesFromPerson, type VisitorFormValues } from '../visitor-form-values';
import { DictionarySelect, YesNoField } from './choice-fields';
import { SubmissionStatus } from './submission-status';

const idOf = (name: string) => `visitor-${name}`;

/** Visitor information (SPEC.md sections 3 and 5), saved through the outbox so it survives a gate without signal. */
export function VisitorForm({ pass }: { pass: VisitPass }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const owner = visitorOwner(pass.phone);
  const genders = useQuery(visitorDictionaryQueryOptions('gender', i18n.locale)).data;
  const certificateTypes = useQuery(visitorDictionaryQueryOptions('certificateType', i18n.locale)).data;
  const mealTypes = useQuery(visitorDictionaryQueryOptions('mealType', i18n.locale)).data;
  const choices = useMemo(
    () => ({ gender: genders, certificateType: certificateTypes, mealType: mealTypes }),
    [genders, certificateTypes, mealTypes],
  );

  const form = useVisitorForm(pass, choices);
  const { values, errors, setValue, blur, fill } = form;
  const [formError, setFormError] = useState('');
  /** The end of the pass found past on submit: nothing was queued (a new pass ends the message). */
  const [expiredUntil, setExpiredUntil] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The entry this screen queued, and whether it went through. */
  const [submitted, setSubmitted] = useState<{ id: string; seen: boolean; sent: boolean } | null>(null);

  const draft = useDraft<VisitorFormValues>('visitor-info', owner, values, (restored) => fill('draft', restored), {
    isEmpty: form.isBaseline,
  });

  const { entries } = useOutbox([owner]);
  const waiting = entries.filter((e) => e.thread === visitorThread(pass.phone));
  const latest = waiting.at(-1);
  const waitingPerson = (latest?.payload as { person?: VisitorPerson } | undefined)?.person;
  useEffect(() => {
    if (waitingPerson) fill('outbox', valuesFromPerson(waitingPerson));
  }, [waitingPerson, fill]);

  const person = useQuery(visitPersonQueryOptions(pass.pass)).data;
  useEffect(() => {
    if (person) fill('server', valuesFromPerson(person));
  }, [person, fill]);

  // Sent in this tab: the engine says so. Sent in another tab: the entry we saw is gone.
  const submittedId = submitted?.id;
  useEffect(() => {
    if (!submittedId) return;
    return onSent((entry) => {
      if (entry.id !== submittedId) return;
      setSubmitted((s) => (s ? { ...s, sent: true } : s));
      void queryClient.invalidateQueries({ queryKey: ['visitor', 'person', pass.pass] });
    });
  }, [submittedId, queryClient, pass.pass]);
  // Seen in the outbox list, then gone from it: adjusted while rendering, as the list changes.
  const inList = submittedId ? waiting.some((e) => e.id === submittedId) : false;
  if (submitted && inList && !submitted.seen) setSubmitted({ ...submitted, seen: true });
  else if (submitted?.seen && !inList && !submitted.sent) setSubmitted({ ...submitted, sent: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError('');
    // The pass is on the device: an expired one is refused by the bid service (passExpired), so
    // say so now rather than after the outbox syncs. What was typed stays (and in the draft).
    const gone = passExpired(pass.validUntil, Date.now());
    setExpiredUntil(gone ? pass.validUntil : null);
    const problems = await form.validate();
    if (gone) return;
    if (Object.keys(problems).length > 0) {
      focusFirstError(FIELD_ORDER, problems, idOf);
      return;
    }
    setBusy(true);
    try {
      const wire = personFromValues(values) as VisitorPerson;
      const id = await queueVisitorPerson(pass, wire, t`访客信息：${wire.name}（${wire.phone}）`, waiting);
      form.markQueued(values);
      setSubmitted({ id, seen: false, sent: false });
      await draft.clear();
    } catch (error) {
      setFormError(
        error instanceof StorageFullError ? t`设备存储空间不足，访客信息未能保存。请清理空间后重试。` : t`访客信息未能保存到本机，请重试。`,
      );
      if (!(error instanceof StorageFullError)) console.error('visitor info not queued', error);
    } finally {
      setBusy(false);
    }
  }

  const text = (name: 'name' | 'certificateNo' | 'phone', label: string, extra: Record<string, string | number> = {}) => (
    <Field id={idOf(name)} label={label} required error={errors[name]}>
      <input
        {...fieldProps(idOf(name), errors[name])}
        {...extra}
        className="input"
        value={values[name]}
        onChange={(e) => setValue(name, e.target.value)}
        onBlur={() => void blur(name)}
      />
    </Field>
  );

  const draftTime = draft.savedAt ? formatDateTime(new Date(draft.savedAt).toISOString()) : '';
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="visitor-form-title">
      <h2 id="visitor-form-title">
        <Trans>访客登记</Trans>
      </h2>
      {text('name', t`姓名`, { autoComplete: 'name', maxLength: 50 })}
      <DictionarySelect
        id={idOf('gender')}
        label={t`性别`}
        value={values.gender}
        options={genders}
        error={errors.gender}
        onChange={(v) => setValue('gender', v)}
        onBlur={() => void blur('gender')}
      />
      <DictionarySelect
        id={idOf('certificateType')}
        label={t`证件类型`}
        value={values.certificateType}
        options={certificateTypes}
        error={errors.certificateType}
        onChange={(v) => setValue('certificateType', v)}
        onBlur={() => void blur('certificateType')}
      />
      {text('certificateNo', t`证件号码`, { autoComplete: 'off', maxLength: 32 })}
      {text('phone', t`手机号码`, { type: 'tel', inputMode: 'numeric', autoComplete: 'tel', maxLength: 11 })}
      <YesNoField id={idOf('meal')} legend={t`是否用餐`} value={values.meal} error={errors.meal} onChange={(v) => setValue('meal', v)} />
      {values.meal === 'yes' ? (
        <DictionarySelect
          id={idOf('mealType')}
          label={t`用餐类型`}
          value={values.mealType}
          options={mealTypes}
          error={errors.mealType}
          onChange={(v) => setValue('mealType', v)}
          onBlur={() => void blur('mealType')}
        />
      ) : null}
      <YesNoField
        id={idOf('lodging')}
        legend={t`是否住宿`}
        value={values.lodging}
        error={errors.lodging}
        onChange={(v) => setValue('lodging', v)}
      />

      {expiredUntil === pass.validUntil ? <PassExpiredAlert /> : null}
      <FormAlert message={formError} />
      <div aria-live="polite" aria-atomic="true">
        <SubmissionStatus entry={latest} sent={!latest && !!submitted?.sent} onDiscarded={() => setSubmitted(null)} />
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? <Trans>正在保存…</Trans> : <Trans>提交访客信息</Trans>}
      </button>
      {draftTime ? (
        <p className="text-center text-xs text-slate-500">
          <Trans>草稿已自动保存于 {draftTime}</Trans>
        </p>
      ) : null}
    </form>
  );
}

/** The pass ran out: nothing is queued; a new pass (same phone) keeps this form's draft. */
function PassExpiredAlert() {
  const { i18n } = useLingui();
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      data-testid="visitor-pass-expired"
    >
      <p>{message('passExpired', i18n.locale as Locale)}</p>
      <p className="mt-1">
        <Trans>访客信息未提交，已填写的内容仍保留在本机。</Trans>{' '}
        <Link to="/visitLogin" className="link font-medium">
          <Trans>重新获取通行码</Trans>
        </Link>
      </p>
    </div>
  );
}
