/**
 * `<ec-acceleration-policy>`: the global acceleration policy, acceleration templates and configuration templates
 * (issue 21). The `view` attribute picks the screen; a list opens a template's editor in place (and back), so the
 * element never navigates the page.
 */
import { useEffect, useState } from 'react';
import type { PolicyView } from './attributes.js';
import { GlobalPolicy, TemplateEditor, TemplateList } from './parts/acceleration-templates.js';
import { ConfigTemplateEditor, ConfigTemplateList } from './parts/config-templates.js';

/** Props of the component (attributes of the element). */
export interface AccelerationPolicyProps {
  view?: PolicyView;
  templateId?: number;
  pageSize?: number;
  mode?: 'manage' | 'readonly';
}

/** What a list opened in place: a template's editor (undefined id: a new one). */
type Opened = { id: number | undefined } | null;

/** The screen the attributes name, or the editor a list opened. */
export function AccelerationPolicy({ view = 'global', templateId, pageSize, mode = 'manage' }: AccelerationPolicyProps) {
  const readonly = mode === 'readonly';
  const [opened, setOpened] = useState<Opened>(null);
  useEffect(() => setOpened(null), [view, templateId]);
  const back = () => setOpened(null);

  switch (view) {
    case 'global':
      return <GlobalPolicy readonly={readonly} />;
    case 'template':
      return <TemplateEditor templateId={templateId} readonly={readonly} />;
    case 'config-template':
      return <ConfigTemplateEditor templateId={templateId} readonly={readonly} />;
    case 'templates':
      return opened ? (
        <TemplateEditor templateId={opened.id} readonly={readonly} onBack={back} />
      ) : (
        <TemplateList pageSize={pageSize} readonly={readonly} onOpen={(id) => setOpened({ id })} />
      );
    case 'config-templates':
      return opened ? (
        <ConfigTemplateEditor key={opened.id ?? 'new'} templateId={opened.id} readonly={readonly} onBack={back} />
      ) : (
        <ConfigTemplateList pageSize={pageSize} readonly={readonly} onOpen={(id) => setOpened({ id })} />
      );
  }
}
