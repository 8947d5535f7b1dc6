/**
 * What the header and the sign-in pages both show (shell §1, issue 19): the OEM brand (logo and title, else the
 * console's own) and the language switch, which stores the choice and reloads (shell §1).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Dropdown } from 'primereact/dropdown';
import { oemConfig } from '../../../core/config/oem.js';
import { LANGUAGES, storeLanguage, type Language } from '../../../core/i18n/language.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';

/** The OEM logo and title; `className` sets where it sits (header, sign-in card). */
export function Brand({ className }: { className: string }) {
  useSignals();
  const t = useT('host');
  const oem = oemConfig.value;
  const logo = oem?.assets?.logoConsole || oem?.assets?.logo;
  return (
    <div className={className}>
      {logo ? <img src={logo} alt="" className="ec-header-logo" /> : <span className="pi pi-shield ec-header-logo-icon" aria-hidden="true" />}
      <span className="ec-header-title">{oem?.title || t('app.title')}</span>
    </div>
  );
}

/** Props of {@link LanguageSwitch}. */
export interface LanguageSwitchProps {
  className: string;
  /** Reloads the page after a change; injectable for tests. */
  reload?: () => void;
}

/** The console language, stored and applied by a reload. */
export function LanguageSwitch({ className, reload = () => location.reload() }: LanguageSwitchProps) {
  const { language } = useElement();
  const t = useT('host');
  const change = (next: Language) => {
    if (next === language) return;
    storeLanguage(next);
    reload();
  };
  return (
    <Dropdown
      className={className}
      value={language}
      options={LANGUAGES.map((value) => ({ value, label: t(`language.${value.toLowerCase().replace('_', '-')}`) }))}
      onChange={(event) => change(event.value as Language)}
      aria-label={t('header.language')}
      pt={namedDropdown(t('header.language'))}
    />
  );
}
