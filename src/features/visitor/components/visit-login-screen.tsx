import type { VisitPass } from '@contract/schemas/visitor';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { visitorOwner } from '@/offline/db';
import { deleteDraftsOf } from '@/offline/drafts';
import { listEntries } from '@/offline/outbox';
import { confirmDialog } from '@/ui/confirm';
import { PageHeader } from '@/ui/page-header';
import { PageSpinner } from '@/ui/spinner';
import { toast } from '@/ui/toast';
import { keepVisitorDictionaries } from '../api/visitor-dictionary';
import { removePass, storePass, type PassMap } from '../passes';
import { phonesByNewest, usePasses } from '../use-passes';
import { GetPassForm } from './get-pass-form';
import { PassCard } from './pass-card';
import { PassSelect } from './pass-select';

/**
 * /visitLogin: the pass kept on this device comes first, read from IndexedDB before any
 * network, so at a gate without signal a reload still shows it. Without one, the form.
 */
export function VisitLoginScreen({ initialPasses = null }: { initialPasses?: PassMap | null }) {
  const { t, i18n } = useLingui();
  const { passes } = usePasses(initialPasses);
  const [chosen, setChosen] = useState<string | null>(null);
  /** Asking for a (new) pass; the phone to start with. */
  const [asking, setAsking] = useState<{ phone: string } | null>(null);

  if (!passes) return <PageSpinner />;
  const phones = phonesByNewest(passes);
  const phone = chosen && passes[chosen] ? chosen : phones[0];
  const pass = phone ? passes[phone] : undefined;

  const keep = async (next: VisitPass) => {
    await storePass(next);
    // Online now; at the gate maybe not: the visitor form's choices must be on the device.
    void keepVisitorDictionaries(i18n.locale);
    setChosen(next.phone);
    setAsking(null);
    toast.success(t`通行码已获取，已保存在本机`);
  };

  const remove = async (target: VisitPass) => {
    const owner = visitorOwner(target.phone);
    const waiting = (await listEntries([owner]).catch(() => [])).length;
    const ok = await confirmDialog({
      title: t`删除此通行码`,
      message:
        waiting > 0
          ? t`删除后本机将不再保存 ${target.phone} 的通行码。已保存的 ${waiting} 条访客信息仍会在联网后提交。确定删除吗？`
          : t`删除后本机将不再保存 ${target.phone} 的通行码，需要时可重新获取。确定删除吗？`,
      confirmLabel: t`删除`,
      danger: true,
    });
    if (!ok) return;
    await removePass(target.phone);
    // A shared phone at a gate: what this visitor typed goes with the pass.
    await deleteDraftsOf(owner).catch(() => undefined);
    setChosen(null);
  };

  if (!pass || asking) {
    return (
      <>
        <PageHeader title={t`获取开门二维码`} description={t`验证手机号码后即可获得开门二维码，二维码会保存在本机，无网络时也能出示。`} />
        <div className="card">
          <GetPassForm initialPhone={asking?.phone ?? ''} onPass={keep} />
          {pass ? (
            <button type="button" className="btn btn-ghost mt-3 w-full" onClick={() => setAsking(null)}>
              <Trans>返回已保存的通行码</Trans>
            </button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t`开门二维码`} description={t`到达大门时请出示此二维码。`} />
      <PassSelect passes={passes} phones={phones} value={pass.phone} onChange={setChosen} />
      <PassCard
        pass={pass}
        actions={
          <>
            <Link to="/visitor" search={{ phone: pass.phone }} className="btn btn-primary sm:flex-1">
              <Trans>填写访客信息</Trans>
            </Link>
            <button type="button" className="btn btn-secondary sm:flex-1" onClick={() => setAsking({ phone: pass.phone })}>
              <Trans>重新获取</Trans>
            </button>
            <button type="button" className="btn btn-ghost text-red-700 hover:bg-red-50 sm:flex-1" onClick={() => void remove(pass)}>
              <Trans>删除此通行码</Trans>
            </button>
          </>
        }
      />
      <p className="mt-4 text-center text-sm">
        <button type="button" className="link" onClick={() => setAsking({ phone: '' })}>
          <Trans>为其他手机号获取通行码</Trans>
        </button>
      </p>
    </>
  );
}
