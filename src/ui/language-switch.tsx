import { isLocale, LOCALES, type Locale } from '@contract/locales';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { activateLocale } from '@/locales/i18n';

/** Each language names itself, so it can be found whatever the current one is. */
const NAMES: Record<Locale, { label: string; lang: string }> = {
  'zh-CN': { label: '简体中文', lang: 'zh-CN' },
  en: { label: 'English', lang: 'en' },
  vie: { label: 'Tiếng Việt', lang: 'vi' },
};

export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n, t } = useLingui();
  const id = useId();
  return (
    <div className={`flex items-center gap-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className="text-slate-500">
        <span className="sr-only">{t`语言`}</span>
        <svg width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <circle cx="10" cy="10" r="7.5" />
          <path d="M2.5 10h15M10 2.5c2 2.2 3 4.7 3 7.5s-1 5.3-3 7.5c-2-2.2-3-4.7-3-7.5s1-5.3 3-7.5Z" />
        </svg>
      </label>
      <select
        id={id}
        className="min-h-9 cursor-pointer rounded-md border border-transparent bg-transparent py-1 pr-1 pl-1 text-sm text-slate-700 hover:border-slate-300 focus:border-brand-600"
        value={i18n.locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void activateLocale(e.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={NAMES[locale].lang}>
            {NAMES[locale].label}
          </option>
        ))}
      </select>
    </div>
  );
}
