/**
 * A probe element for the factory's browser tests: a DataTable, a Dropdown and a Dialog, the three PrimeReact
 * parts whose styling and overlays are hardest to keep inside a shadow root.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useElement, useT } from '../../core/ui/element-context.js';
import { attr } from '../../core/ui/attributes.js';
import { defineElement } from '../../core/ui/define-element.js';

interface ProbeProps {
  rows?: { id: number; name: string }[];
  heading?: string;
  boom?: boolean;
  tone?: 'calm' | 'loud';
  pageSize?: number;
}

function Probe({ rows = [{ id: 1, name: 'alpha' }], heading = 'Probe', boom = false, tone, pageSize }: ProbeProps) {
  const { language, emit, client } = useElement();
  const [draft, setDraft] = useState('');
  const [answer, setAnswer] = useState('');
  const t = useT('common');
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  if (boom) throw new Error('probe exploded');
  return (
    <main className="ec-root" data-language={language} data-tone={tone} data-page-size={pageSize}>
      <label htmlFor="probe-draft">{t('action.edit')}</label>
      <input id="probe-draft" value={draft} onChange={(event) => setDraft(event.target.value)} />
      <button
        type="button"
        className="probe-call"
        onClick={() => client.get('sso/V4/user/info').then(() => setAnswer('ok'), (error: Error) => setAnswer(error.name))}
      >
        call
      </button>
      <output className="probe-answer">{answer}</output>
      <h1 className="ec-page-title">{heading}</h1>
      <DataTable value={rows} dataKey="id" pt={{ root: { 'aria-label': heading } as never }}>
        <Column field="id" header="ID" />
        <Column field="name" header={t('action.search')} />
      </DataTable>
      <label id="probe-choice-label" htmlFor="probe-choice">{t('action.select-all')}</label>
      <Dropdown
        inputId="probe-choice"
        value={choice}
        options={[{ label: 'One', value: 'one' }, { label: 'Two', value: 'two' }]}
        onChange={(event) => setChoice(event.value as string)}
        placeholder={t('action.search')}
        pt={{ input: { 'aria-label': t('action.select-all') } as never, select: { 'aria-label': t('action.select-all') } as never }}
      />
      <Button label={t('action.edit')} onClick={() => setOpen(true)} />
      <Button label={t('action.ok')} onClick={() => emit('ec-navigate', { route: 'probe', params: { id: 1 } })} />
      <Dialog header={t('confirm.title')} visible={open} onHide={() => setOpen(false)} style={{ width: '500px' }}>
        <p>{t('confirm.are-you-sure')}</p>
      </Dialog>
    </main>
  );
}

defineElement('ec-probe', Probe, {
  session: 'optional',
  namespace: 'common',
  attributes: {
    rows: attr.json('unknown[]', 'Rows to show.'),
    heading: attr.string('The heading.'),
    boom: attr.boolean('Throws while rendering.'),
    tone: attr.enum(['calm', 'loud'], 'calm', 'An enum attribute.'),
    pageSize: attr.number('A number from a list.', { default: 10, values: [10, 20, 50, 100] }),
  },
});
