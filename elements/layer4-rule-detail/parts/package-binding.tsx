/**
 * The websites bound to the rule's TCP package (rules §8): while bound, a website cannot be deleted ("Please unbind
 * the TCP security acceleration package before deleting the domain"), so the console says so next to the list and
 * offers unbinding. Binding needs the layer-4 manage grant and a manage grant for the website (the server decides).
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { bindTcpPackage, type TcpPackage } from '../../../core/api/endpoints/layer4.js';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { SelectField } from '../../../core/ui/parts/labelled-fields.js';

/** Props of {@link PackageBinding}. */
export interface PackageBindingProps {
  tcpPackage: TcpPackage;
  websites: readonly DomainListItem[];
  editable: boolean;
  onChanged: (domainId: number, bound: boolean) => void;
}

/** The binding section. */
export function PackageBinding({ tcpPackage, websites, editable, onChanged }: PackageBindingProps) {
  const { client } = useElement();
  const t = useT();
  const [choice, setChoice] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const bound = new Set(tcpPackage.domains.map((entry) => entry.id));
  const options = websites.filter((entry) => !bound.has(entry.domain_id)).map((entry) => ({ value: entry.domain_id, label: entry.domain }));

  const change = async (domainId: number, bind: boolean) => {
    setBusy(true);
    try {
      await bindTcpPackage(client, { id: tcpPackage.id, domain_id: domainId, bound: bind });
      setChoice(null);
      onChanged(domainId, bind);
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ec-stack" part="package-binding">
      <p className="ec-muted">{t('binding.explain', { name: tcpPackage.name })}</p>
      {tcpPackage.domains.length === 0 ? (
        <p className="ec-muted">{t('binding.none')}</p>
      ) : (
        <ul className="ec-layer4-bound" aria-label={t('binding.list', { name: tcpPackage.name })}>
          {tcpPackage.domains.map((entry) => (
            <li key={entry.id} className="ec-row">
              <span>{entry.domain}</span>
              {editable && (
                <Button type="button" text size="small" label={t('binding.unbind')} aria-label={t('binding.unbind-of', { domain: entry.domain })} disabled={busy} onClick={() => void change(entry.id, false)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div className="ec-row ec-layer4-bind">
          <SelectField label={t('binding.website')} value={choice} options={options} onChange={setChoice} placeholder={t('binding.choose')} />
          <Button type="button" size="small" label={t('binding.bind')} disabled={choice === null || busy} onClick={() => choice !== null && void change(choice, true)} />
        </div>
      )}
    </div>
  );
}
