import { MAX_FILES_AT_ONCE } from '@contract/limits';
import { UPLOAD_RULES } from '@contract/upload-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileUpload } from '@/ui/file-upload';
import { fieldId } from '../supplier-form-values';
import type { SupplierForm } from '../use-supplier-form';

export function AttachmentsSection({ form }: { form: SupplierForm }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="supplier-section-files" className="card">
      <h2 id="supplier-section-files" className="mb-4">
        <Trans>附件</Trans>
      </h2>
      <div className="space-y-6">
        <FileUpload
          id={fieldId('businessLicense')}
          label={t`营业执照`}
          required
          rule={UPLOAD_RULES.businessLicense}
          value={form.values.businessLicense}
          onChange={(files) => form.setFiles('businessLicense', files)}
          error={form.errors.businessLicense}
          hint={t`请上传清晰的营业执照扫描件或照片`}
        />
        <FileUpload
          id={fieldId('attachments')}
          label={t`其他附件`}
          maxFiles={MAX_FILES_AT_ONCE}
          value={form.values.attachments}
          onChange={(files) => form.setFiles('attachments', files)}
          error={form.errors.attachments}
          hint={t`如资质证书、授权书等，最多 ${MAX_FILES_AT_ONCE} 个文件`}
        />
      </div>
    </section>
  );
}
