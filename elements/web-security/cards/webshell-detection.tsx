/** Webshell detection card (issue 22; rules §4 protection modes): the mode. */
import { useT } from '../../../core/ui/element-context.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, useIssueText, useModeChoices } from './card-fields.js';

export default function WebshellDetectionEditor(props: CardEditorProps<'webshell_detection'>) {
  const t = useT('security-cards');
  const issueText = useIssueText(props.issues);
  const { value, onChange } = props;
  const modes = useModeChoices(props.allow.cloud_waf.waf_mode, value.mode);
  return (
    <CardFrame props={props}>
      <p className="ec-muted">{t('webshell.how')}</p>
      <ChoiceField name="mode" label={t('mode.label')} value={value.mode} choices={modes} error={issueText('mode')} onChange={(mode) => onChange({ ...value, mode })} />
    </CardFrame>
  );
}
